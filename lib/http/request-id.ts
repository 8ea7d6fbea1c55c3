import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a client's request id when it is harmless to log and return; otherwise make one. */
export function requestIdFor(request: Request): string {
  return requestIdFromHeader(request.headers.get(REQUEST_ID_HEADER));
}

/** The same, from the header's raw value (the production server reads it before Next builds a Request). */
export function requestIdFromHeader(sent: string | string[] | null | undefined): string {
  return typeof sent === "string" && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
