import http from "node:http";
import net from "node:net";

// HTTP as an attacker sends it: raw bytes on a socket (methods, request targets and timing no
// client library would produce), or a plain request from a chosen loopback address (127.0.0.0/8
// is all this machine), so a test has a client address, and a rate-limit quota, of its own.

export type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
  /** The statuses of interim answers before it (100 Continue). */
  interim: number[];
  /** Why the socket failed (ECONNRESET), if it did: what came back before is still parsed. */
  socketError?: string;
  /** The server kept the connection open past `giveUpMs`. */
  gaveUp?: true;
};

function parse(all: string, started: number): RawAnswer {
  const interim: number[] = [];
  let received = all;
  // Interim (1xx) answers precede the final one, each a status line and headers without a body.
  for (let match; (match = /^HTTP\/1\.[01] (1\d\d)[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n/.exec(received));) {
    interim.push(Number(match[1]));
    received = received.slice(match[0].length);
  }
  const end = received.indexOf("\r\n\r\n");
  const [head, body] = end < 0 ? [received, ""] : [received.slice(0, end), received.slice(end + 4)];
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body, ms: Date.now() - started, interim };
}

/**
 * Writes `parts` (each after its delay, in ms) on a fresh socket; what came back until the server
 * closed it (or `giveUpMs`). A socket error after the connection was made ends the exchange too.
 */
export function rawExchange(
  baseURL: string,
  parts: (string | [string, number])[],
  { giveUpMs = 40_000, localAddress }: { giveUpMs?: number; localAddress?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ host: hostname === "localhost" ? "127.0.0.1" : hostname, port: Number(port), localAddress });
    let received = "";
    let connected = false;
    let socketError: string | undefined;
    socket.on("connect", () => (connected = true));
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected) reject(error);
      socketError = error.code ?? error.message;
    });
    let gaveUp = false;
    socket.on("close", () =>
      resolve({ ...parse(received, started), ...(socketError ? { socketError } : {}), ...(gaveUp ? { gaveUp: true as const } : {}) }),
    );
    void (async () => {
      for (const part of parts) {
        const [text, delay] = typeof part === "string" ? [part, 0] : part;
        await new Promise((wait) => setTimeout(wait, delay));
        if (!socket.destroyed) socket.write(text);
      }
    })();
    setTimeout(() => {
      gaveUp = !socket.destroyed;
      socket.destroy();
    }, giveUpMs).unref();
  });
}

/** One request line with a Host header, closing the connection after the answer. */
export const requestBytes = (line: string, headers: Record<string, string> = {}) =>
  `${line} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;

/** An ordinary request sent from `localAddress`. */
export function requestFrom(
  localAddress: string,
  url: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url.replace("//localhost:", "//127.0.0.1:"),
      { method, headers, localAddress, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}
