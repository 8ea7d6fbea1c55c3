import type { IncomingMessage, ServerResponse } from "node:http";

import { CLIENT_ADDRESS_HEADER } from "@/lib/core/client-address";
import { log, redactText } from "@/lib/core/log";

import type { RouteOf } from "./route-patterns";

// One line per request, written when the response is done (or the client went away). It names the
// route, not the URL: no query string (search words, emails in filters), no cookies, no
// Authorization, no body. A path no route matches is logged without its query, emails taken out,
// cut at MAX_PATH characters, so a 404 can still be traced.
const MAX_PATH = 200;

export type AccessLine = {
  method: string;
  route: string | null;
  path?: string;
  status: number;
  durationMs: number;
  requestId: string;
  client: string;
  /** The client closed the connection before the response was complete. */
  aborted?: true;
};

export function accessLine({
  request,
  response,
  target,
  requestId,
  startedAt,
  routeOf,
}: {
  request: IncomingMessage;
  /** The request target as it arrived (Next may rewrite request.url while answering). */
  target: string;
  response: ServerResponse;
  requestId: string;
  startedAt: number;
  routeOf: RouteOf;
}): AccessLine {
  const pathname = target.split("?")[0]!;
  const route = routeOf(pathname) ?? null;
  return {
    method: request.method ?? "",
    route,
    ...(route === null ? { path: redactText(pathname).slice(0, MAX_PATH) } : {}),
    status: response.statusCode,
    durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
    requestId,
    client: String(request.headers[CLIENT_ADDRESS_HEADER] ?? "unknown"),
    ...(response.writableFinished ? {} : { aborted: true as const }),
  };
}

/** Writes the access line of this request once its response is finished or abandoned. */
export function logAccessWhenDone(options: Parameters<typeof accessLine>[0]): void {
  options.response.once("close", () => log.access(accessLine(options)));
}
