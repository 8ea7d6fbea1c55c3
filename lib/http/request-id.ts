import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";
// Short, and nothing a log line or a response header must escape.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request that reached a route handler. Behind the production server the header is the
 * one it settled on (`requestIdFromHeader`), so handler, response and log lines agree.
 */
export function requestIdFor(request: Request): string {
  return requestIdFromHeader(request.headers.get(REQUEST_ID_HEADER));
}

/**
 * A harmless request id as it was sent (api-contract.md: echoed if sane), otherwise a new one. Only
 * letters, digits and `._:-`, at most 64: nothing a log line or a header must escape.
 */
export function requestIdFromHeader(sent: string | string[] | null | undefined): string {
  return typeof sent === "string" && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
