import type { IncomingMessage, ServerResponse } from "node:http";

import { databaseUnavailable } from "@/db/breaker";
import { REQUEST_ID_HEADER } from "@/lib/http/request-id";
import { unavailablePageParts } from "@/lib/pages/unavailable-page";
import { rendersPage } from "@/lib/rate-limit/page-requests";
import { deploymentSecurityHeaders } from "@/lib/security/deployment-headers";

/**
 * A page whose rendering failed because the database has just been found unreachable is the 503
 * page proxy.ts answers the requests after it ("We'll be right back", Retry-After), not Next's
 * error page with a 500. The proxy counts pages without asking the database (docs/api.md), so the
 * first render after an outage starts is what finds it. Installed before Next touches the
 * response: Next's compression captures these methods, so its writes pass here and are dropped once
 * the 503 page has been sent in their place.
 */
export function answerOutageAsUnavailable(request: IncomingMessage, response: ServerResponse): void {
  if (!rendersPage(new URL(request.url ?? "/", "http://localhost").pathname)) return;
  const { writeHead, write, end } = response as unknown as Record<"writeHead" | "write" | "end", (...args: unknown[]) => unknown>;
  let replaced = false;
  const failedForTheDatabase = (statusCode: number) => !replaced && !response.headersSent && statusCode === 500 && databaseUnavailable();
  const replace = () => {
    replaced = true;
    const requestId = response.getHeader(REQUEST_ID_HEADER);
    for (const name of response.getHeaderNames()) response.removeHeader(name);
    const page = unavailablePageParts({ ...deploymentSecurityHeaders(), ...(requestId ? { [REQUEST_ID_HEADER]: String(requestId) } : {}) });
    const body = Buffer.from(page.html);
    for (const [name, value] of Object.entries(page.headers)) response.setHeader(name, value);
    response.setHeader("content-length", body.length);
    writeHead.call(response, page.status);
    end.call(response, request.method === "HEAD" ? undefined : body);
  };
  /** `write` or `end` as Next calls them: dropped once the 503 page went out, Next's callback still called. */
  const gated = (original: (...args: unknown[]) => unknown, dropped: (response: ServerResponse) => unknown) =>
    function (this: ServerResponse, ...args: unknown[]) {
      if (failedForTheDatabase(this.statusCode)) replace();
      if (!replaced) return original.apply(this, args);
      const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
      if (callback) process.nextTick(callback);
      return dropped(this);
    };
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (failedForTheDatabase(statusCode)) replace();
    return replaced ? this : writeHead.call(this, statusCode, ...rest);
  } as ServerResponse["writeHead"];
  response.write = gated(write, () => true) as ServerResponse["write"];
  response.end = gated(end, (self) => self) as ServerResponse["end"];
}
