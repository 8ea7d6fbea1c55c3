import type { AddressInfo } from "node:net";
import net from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { trustedProxies } from "@/lib/core/trusted-proxies";

import { createMarketplaceServer, REQUEST_TIMEOUTS, webSocketServerFor } from "./http-server";

// The production server's own socket handling, with raw bytes: what Next sees (the stand-in
// handler echoes it) and what the server answers itself. The timeouts are shortened here; the
// real values are checked against the built app (e2e/api/hostile-input.e2e.ts).

const TIMEOUTS = { headersMs: 400, requestMs: 800, checkEveryMs: 50 };
const server = createMarketplaceServer({
  trusted: trustedProxies(undefined),
  timeouts: TIMEOUTS,
  handle: async (request, response) => {
    if (request.url === "/slow") await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.requestMs * 2));
    for await (const _chunk of request);
    const body = JSON.stringify({ method: request.method, url: request.url, client: request.headers["x-marketplace-client-address"] });
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    response.end(body);
  },
});
let port: number;
beforeAll(
  () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => ((port = (server.address() as AddressInfo).port), resolve()))),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Raw = { status: number; headers: Record<string, string>; body: string; ms: number };

/** Writes `parts` (each after its delay) on a fresh socket; what came back before the server closed it. */
function raw(parts: (string | [string, number])[], { keepOpenMs = 5_000 } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const end = received.indexOf("\r\n\r\n");
      const [head, body] = end < 0 ? [received, ""] : [received.slice(0, end), received.slice(end + 4)];
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body, ms: Date.now() - started });
    });
    void (async () => {
      for (const part of parts) {
        const [text, delay] = typeof part === "string" ? [part, 0] : part;
        await new Promise((wait) => setTimeout(wait, delay));
        if (!socket.destroyed) socket.write(text);
      }
    })();
    setTimeout(() => socket.destroy(), keepOpenMs);
  });
}

const request = (line: string, headers = "") => `${line} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers}\r\n`;

describe("the request line", () => {
  it.each([
    ["TRACE", "/api/health", "GET, HEAD, OPTIONS"], // Next: 500 and a stack in the log
    ["FOO", "/api/apps/slack-sync/install", "POST, OPTIONS"], // Node's parser: a bare 400
    ["TRACK", "/", "GET, HEAD, OPTIONS"],
    ["PUT", "/apps?search=x", "GET, HEAD, OPTIONS"], // Next: renders the page
  ])("%s %s is 405 problem+json with Allow: %s", async (method, target, allow) => {
    const res = await raw([request(`${method} ${target}`)]);
    expect(res.status).toBe(405);
    expect(res.headers["content-type"]).toBe("application/problem+json");
    expect(res.headers["allow"]).toBe(allow);
    expect(res.headers["x-request-id"]).toBeTruthy();
    expect(JSON.parse(res.body)).toMatchObject({ status: 405, code: "method_not_allowed" });
  });

  it("CONNECT is 405 problem+json, not a silently closed socket", async () => {
    const res = await raw([request("CONNECT evil.example:443")]);
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toMatchObject({ code: "method_not_allowed" });
  });

  it("a request asking for a WebSocket is answered as an ordinary one in production, though Next listens for upgrades", async () => {
    // What Next's upgrade handler does to any path of ours: ends the connection without a word.
    webSocketServerFor(server, { dev: false }).on("upgrade", (_request, socket: net.Socket) => socket.end());
    const res = await raw([request("GET /api/health", "Upgrade: websocket\r\nConnection: Upgrade\r\n")]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ method: "GET", url: "/api/health" });
    expect(webSocketServerFor(server, { dev: true })).toBe(server); // next dev's HMR
  });

  it("an Expect other than 100-continue is 417 problem+json (Node: a bare 417); 100-continue is met", async () => {
    const refused = await raw([request("POST /api/apps/slack-sync/install", "Expect: 200-ok\r\nContent-Length: 0\r\n")]);
    expect(refused.status).toBe(417);
    expect(refused.headers["content-type"]).toBe("application/problem+json");
    expect(refused.headers["x-request-id"]).toBeTruthy();
    expect(JSON.parse(refused.body)).toMatchObject({ status: 417, code: "expectation_failed" });
    const met = await raw([request("POST /api/apps/slack-sync/install", "Expect: 100-continue\r\nContent-Length: 2\r\n") + "{}"]);
    expect(met.status).toBe(100); // then the answer itself
    expect(met.body).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*"url":"\/api\/apps\/slack-sync\/install"/);
  });

  it("an absolute-form target reaches Next as the path on this host", async () => {
    const res = await raw([request("GET http://evil.example/api/health?x=1", "X-Request-Id: abc\r\n")]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ method: "GET", url: "/api/health?x=1", client: "127.0.0.1" });
  });

  it("a client's own X-Marketplace-Client-Address is overwritten", async () => {
    const res = await raw([request("GET /apps", "X-Marketplace-Client-Address: 203.0.113.9\r\n")]);
    expect(JSON.parse(res.body)).toMatchObject({ client: "127.0.0.1" });
  });

  it.each([
    ["GET *", 400, "bad_request"],
    ["GET evil.example:443", 400, "bad_request"],
  ])("%s is %i %s", async (line, status, code) => {
    const res = await raw([request(line)]);
    expect(res.status).toBe(status);
    expect(JSON.parse(res.body)).toMatchObject({ status, code });
  });

  it.each([
    ["no Host", "GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n"], // Node: a bare 400
    ["two Host headers", "GET /api/health HTTP/1.1\r\nHost: localhost\r\nhost: evil.example\r\nConnection: close\r\n\r\n"], // Node: served as the first
  ])("an HTTP/1.1 request with %s is 400 bad_request problem+json", async (_name, bytes) => {
    const res = await raw([bytes]);
    expect(res.status).toBe(400);
    expect(res.headers["x-request-id"]).toBeTruthy();
    expect(JSON.parse(res.body)).toMatchObject({ status: 400, code: "bad_request" });
  });

  it("an HTTP/1.0 request may come without a Host", async () => {
    const res = await raw(["GET /api/health HTTP/1.0\r\n\r\n"]);
    expect(res.status).toBe(200);
  });

  it("malformed HTTP is 400 bad_request problem+json", async () => {
    const res = await raw(["GET / HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n"]);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: "bad_request" });
  });

  it("headers over 16 KiB are 431 problem+json", async () => {
    const res = await raw([request("GET /", `X-Big: ${"a".repeat(20_000)}\r\n`)]);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toMatchObject({ code: "header_fields_too_large" });
  });
});

describe("request timeouts", () => {
  it("production bounds headers at 10 s and the whole request at 20 s", () => {
    expect(REQUEST_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 20_000, checkEveryMs: 1_000 });
  });

  it("closes a connection whose headers stall, with 408 problem+json", async () => {
    const res = await raw(["GET /apps HTTP/1.1\r\nHost: localhost\r\n"]);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({ code: "request_timeout" });
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(res.ms).toBeLessThan(TIMEOUTS.headersMs + 3 * TIMEOUTS.checkEveryMs + 300);
  });

  it("closes a connection that trickles header lines, counting from the first byte", async () => {
    const lines = Array.from({ length: 20 }, (_, index): [string, number] => [`X-${index}: a\r\n`, 100]);
    const res = await raw([["GET /apps HTTP/1.1\r\n", 0], ...lines]);
    expect(res.status).toBe(408);
    expect(res.ms).toBeLessThan(TIMEOUTS.headersMs + 3 * TIMEOUTS.checkEveryMs + 300);
  });

  it("closes a connection whose body stalls, with 408 problem+json", async () => {
    const res = await raw([
      "POST /api/apps/slack-sync/install HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    ]);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toMatchObject({ code: "request_timeout" });
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(res.ms).toBeLessThan(TIMEOUTS.requestMs + 3 * TIMEOUTS.checkEveryMs + 300);
  });

  it("does not count the time the server takes to answer", async () => {
    const res = await raw([request("GET /slow")]);
    expect(res.status).toBe(200);
    expect(res.ms).toBeGreaterThanOrEqual(TIMEOUTS.requestMs * 2);
  });

  it("does not count the time a keep-alive connection waits between requests", async () => {
    const res = await raw(["GET /a HTTP/1.1\r\nHost: localhost\r\n\r\n", [request("GET /b"), TIMEOUTS.requestMs + 200]]);
    expect(res.body).toContain('"url":"/b"');
  });
});
