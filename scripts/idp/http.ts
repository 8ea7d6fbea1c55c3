import type http from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// Plain node:http helpers of the provider's own endpoints (oidc-provider answers the rest).

const MAX_BODY_BYTES = 64 * 1024;

/** Ends the request with `status` and `{ error: "invalid_request", error_description: message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, {
    "content-type": `${contentType}; charset=utf-8`,
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

export const sendJson = (res: ServerResponse, status: number, body: unknown) => send(res, status, "application/json", JSON.stringify(body));
export const sendHtml = (res: ServerResponse, status: number, html: string) => send(res, status, "text/html", html);
export const sendText = (res: ServerResponse, status: number, text: string) => send(res, status, "text/plain", text);

/** 405 with `Allow` unless the request uses one of `methods`; true when it was refused. */
export function refuseMethod(req: IncomingMessage, res: ServerResponse, methods: string[], answer: () => void): boolean {
  if (methods.includes(req.method ?? "GET")) return false;
  res.setHeader("allow", methods.filter((method) => method !== "HEAD").join(", "));
  answer();
  return true;
}

export function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off("listening", onListening);
      reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve(server.address() as AddressInfo);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}
