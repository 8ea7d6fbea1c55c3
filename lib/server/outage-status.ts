import type { IncomingMessage, ServerResponse } from "node:http";

import { databaseUnavailable } from "@/db/breaker";
import { rendersPage } from "@/lib/rate-limit/page-requests";

/** Seconds a client is asked to wait, as the API's 503s and the 503 page say. */
const RETRY_AFTER_SECONDS = "5";

/**
 * A page whose rendering failed because the database has just been found unreachable is a 503 with
 * Retry-After, not a 500: proxy.ts answers the 503 page to the requests after it, but one already
 * rendering when the database went away gets Next's error page ("Something went wrong", no
 * details), now with the status that says it is worth retrying.
 */
export function answerOutageAsUnavailable(request: IncomingMessage, response: ServerResponse): void {
  if (!rendersPage(new URL(request.url ?? "/", "http://localhost").pathname)) return;
  const writeHead = response.writeHead;
  // Node sends implicit headers through writeHead too, so every answer passes here.
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (statusCode === 500 && databaseUnavailable()) {
      statusCode = 503;
      this.statusCode = 503;
      this.setHeader("retry-after", RETRY_AFTER_SECONDS);
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
  } as typeof response.writeHead;
}
