import type { ServerResponse } from "node:http";

import { log } from "@/lib/core/log";
import { processCache } from "@/lib/core/process-cache";

import { beforeHeadersGoOut, headerText } from "./write-head";

// A response that sets a cookie is never one a shared cache may keep. A CDN that stores it hands
// the cookie (a renewed session: someone's sign-in, an administrator's) to everyone who asks after.
// The production server checks every response as its headers go out, whatever route, page or
// library wrote it; proxy.ts already renews sessions only on private answers.

/** What a response with Set-Cookie is sent with when its own Cache-Control would let a shared cache keep it. */
const COOKIE_CACHE_CONTROL = "private, no-store";

/**
 * True when no shared cache may store the response: `no-store`, or `private` (unqualified: a
 * `private="…"` with field names lets a shared cache keep the rest) and not `public`.
 */
export function isPrivateCacheControl(value: string | undefined): boolean {
  const directives = new Set(
    (value ?? "")
      .split(",")
      .map((directive) => directive.trim().toLowerCase())
      .filter(Boolean),
  );
  return directives.has("no-store") || (directives.has("private") && !directives.has("public"));
}

// One key: when the last warning was written (at most one a minute, like the limiter's).
const lastWarning = processCache<"at", number>("private-cookies-warning");

/** Makes `response` private if it sets a cookie, as its headers go out. */
export function keepCookiesPrivate(response: ServerResponse): void {
  beforeHeadersGoOut(response, (outgoing, statusCode) => {
    const cacheControl = headerText(outgoing, "cache-control");
    if (!outgoing.hasHeader("set-cookie") || isPrivateCacheControl(cacheControl)) return;
    outgoing.setHeader("cache-control", COOKIE_CACHE_CONTROL);
    if (cacheControl !== undefined && Date.now() - (lastWarning.get("at") ?? 0) >= 60_000) {
      lastWarning.set("at", Date.now());
      log.warn("a response set a cookie with a cache-control that lets shared caches keep it; sent as private", {
        cacheControl,
        status: statusCode,
      });
    }
  });
}
