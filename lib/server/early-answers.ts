import type { ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";

import { problemResponse } from "@/lib/http/problem";
import { REQUEST_ID_HEADER } from "@/lib/http/request-id";
import { deploymentSecurityHeaders } from "@/lib/security/deployment-headers";

// Answers the production server gives itself, before (or instead of) Next: problem+json like the
// API's, with the security headers and X-Request-Id every response carries.

function withServerHeaders(response: Response, requestId: string): Response {
  for (const [name, value] of Object.entries({ ...deploymentSecurityHeaders(), [REQUEST_ID_HEADER]: requestId })) {
    response.headers.set(name, value);
  }
  return response;
}

/** problem+json for an ApiError (anything else is a logged 500, as in the routes). */
export function problemAnswer(error: unknown, requestId: string): Response {
  return withServerHeaders(problemResponse(error, requestId), requestId);
}

/** 204 to OPTIONS, naming the methods the target answers. */
export function optionsAnswer(allow: string, requestId: string): Response {
  return withServerHeaders(new Response(null, { status: 204, headers: { allow, "cache-control": "no-store" } }), requestId);
}

// A 204 carries no Content-Length (RFC 9110 8.6).
const lengthOf = (status: number, body: Buffer): Record<string, string> =>
  status === 204 ? {} : { "content-length": String(body.byteLength) };

/** Writes an answer to a request Node has parsed. */
export async function sendAnswer(target: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  target.writeHead(answer.status, { ...Object.fromEntries(answer.headers), ...lengthOf(answer.status, body) });
  target.end(target.req.method === "HEAD" ? undefined : body);
}

/** An answer as the bytes of a whole HTTP/1.1 response that closes the connection: for a socket whose request Node could not parse. */
export async function rawAnswer(answer: Response): Promise<Buffer> {
  const body = Buffer.from(await answer.arrayBuffer());
  const head = [
    `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ""}`,
    ...[...answer.headers].map(([name, value]) => `${name}: ${value}`),
    ...Object.entries(lengthOf(answer.status, body)).map(([name, value]) => `${name}: ${value}`),
    "connection: close",
  ];
  return Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`), body]);
}
