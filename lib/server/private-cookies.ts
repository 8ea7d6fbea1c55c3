import type { OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";

import { log } from "@/lib/core/log";
import { processCache } from "@/lib/core/process-cache";

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

/** `writeHead`'s headers, whichever form they come in: an object, a flat [name, value, …] list, or [name, value] pairs. */
function headerEntries(headers: OutgoingHttpHeaders | OutgoingHttpHeader[]): [string, OutgoingHttpHeader][] {
  if (!Array.isArray(headers))
    return Object.entries(headers).filter((entry): entry is [string, OutgoingHttpHeader] => entry[1] !== undefined);
  if (headers.every(Array.isArray)) return (headers as unknown as [string, OutgoingHttpHeader][]).map(([name, value]) => [name, value]);
  const entries: [string, OutgoingHttpHeader][] = [];
  for (let index = 0; index + 1 < headers.length; index += 2) entries.push([String(headers[index]), headers[index + 1]!]);
  return entries;
}

// One key: when the last warning was written (at most one a minute, like the limiter's).
const lastWarning = processCache<"at", number>("private-cookies-warning");

/**
 * Makes `response` private if it sets a cookie: checked in `writeHead`, which Node calls (itself,
 * for implicit headers, too) once every header is known. Headers passed to `writeHead` are applied
 * first, so they are seen as well.
 */
export function keepCookiesPrivate(response: ServerResponse): void {
  const writeHead = response.writeHead as (this: ServerResponse, statusCode: number, statusMessage?: string) => ServerResponse;
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const message = typeof rest[0] === "string" ? rest[0] : undefined;
    const headers = (message === undefined ? rest[0] : rest[1]) as OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;
    if (headers) {
      const merged = new Map<string, { name: string; values: (string | number)[] }>();
      for (const [name, value] of headerEntries(headers)) {
        const entry = merged.get(name.toLowerCase()) ?? { name, values: [] };
        entry.values.push(...(Array.isArray(value) ? value : [value]));
        merged.set(name.toLowerCase(), entry);
      }
      for (const { name, values } of merged.values()) this.setHeader(name, values.length === 1 ? values[0]! : values.map(String));
    }
    const cacheControl = this.getHeader("cache-control");
    if (
      this.hasHeader("set-cookie") &&
      !isPrivateCacheControl(Array.isArray(cacheControl) ? cacheControl.join(", ") : cacheControl?.toString())
    ) {
      this.setHeader("cache-control", COOKIE_CACHE_CONTROL);
      if (cacheControl !== undefined && Date.now() - (lastWarning.get("at") ?? 0) >= 60_000) {
        lastWarning.set("at", Date.now());
        log.warn("a response set a cookie with a cache-control that lets shared caches keep it; sent as private", {
          cacheControl: String(cacheControl),
          status: statusCode,
        });
      }
    }
    return message === undefined ? writeHead.call(this, statusCode) : writeHead.call(this, statusCode, message);
  } as ServerResponse["writeHead"];
}
