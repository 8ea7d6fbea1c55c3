import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a client's request id when it is harmless to log and return; otherwise make one. */
export function requestIdFor(request: Request): string {
  const sent = request.headers.get(REQUEST_ID_HEADER);
  return sent && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
