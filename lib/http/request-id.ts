import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";
// Short, and nothing a log line or a response header must escape.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request that reached a route handler. Behind the production server the header is the
 * one it settled on (resolveRequestId below), so handler, response and log lines agree.
 */
export function requestIdFor(request: Request): string {
  return requestIdFromHeader(request.headers.get(REQUEST_ID_HEADER));
}

/** A harmless request id as it was sent, otherwise a new one. */
export function requestIdFromHeader(sent: string | string[] | null | undefined): string {
  return typeof sent === "string" && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * The production server's choice: a proxy listed in TRUST_PROXY may hand on the id it gave the
 * request (so its log and ours join up); anyone else's is replaced, so a client can neither forge
 * another request's id nor write into our log.
 */
export function resolveRequestId({ sent, fromTrustedProxy }: { sent: string | string[] | undefined; fromTrustedProxy: boolean }): string {
  return fromTrustedProxy ? requestIdFromHeader(sent) : randomUUID();
}
