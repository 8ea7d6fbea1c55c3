import type { NextRouteHandler } from "@/lib/http";
import { DECLARED_OPERATION, type OperationHandler } from "@/lib/http/handle";
import { CLIENT_ADDRESS_HEADER } from "@/lib/core/client-address";

import { contractViolations } from "./response-contract";

type CallOptions = {
  method?: string;
  path?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** Serialized as JSON with Content-Type application/json unless `rawBody` is given. */
  body?: unknown;
  rawBody?: string;
  /**
   * Sends the body (`rawBody`, or nothing) as a stream without Content-Length, as Next hands a
   * request to the handler: a `curl -X POST` without a body arrives as an empty stream.
   */
  streamed?: boolean;
  /** The client address the production server would stamp on the request (scripts/serve.ts). */
  clientAddress?: string;
};

const streamOf = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      if (text !== "") controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

export type CallResult = { status: number; headers: Headers; body: any; text: string };

/**
 * Calls a route handler export the way Next.js does, with a real Request, and checks the answer
 * against the OpenAPI document (documented status, body matching its schema): a test that
 * receives an undocumented response fails.
 */
export async function call(handler: NextRouteHandler, options: CallOptions = {}): Promise<CallResult> {
  const headers = new Headers(options.headers);
  if (options.clientAddress) headers.set(CLIENT_ADDRESS_HEADER, options.clientAddress);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(`http://localhost:3000${options.path ?? "/api/test"}`, {
    method: options.method ?? "GET",
    headers,
    ...(options.streamed ? { body: streamOf(body ?? ""), duplex: "half" } : { body }),
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  const contentType = response.headers.get("content-type") ?? "";
  const parsed = text && contentType.includes("json") ? (JSON.parse(text) as unknown) : undefined;
  const operation = (handler as Partial<OperationHandler>)[DECLARED_OPERATION];
  if (operation) {
    const { path, method } = operation;
    const violations = contractViolations({ path, method, status: response.status, contentType, body: parsed });
    if (violations.length > 0) throw new Error(`response breaks the API contract:\n${violations.join("\n")}\n${text.slice(0, 500)}`);
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}
