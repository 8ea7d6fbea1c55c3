import { createHash } from "node:crypto";

// HTTP caching for the public, unauthenticated GETs: Cache-Control, a body-hash ETag and
// conditional requests. Every other response is `no-store` (lib/http/responses.ts).

export type CachePolicy = { maxAge: number; staleWhileRevalidate?: number };

/** Every cacheable response and its lifetime. Short ones: installs and reviews change counters often, and a stale list is only a little wrong. */
export const PUBLIC_CACHE = {
  list: { maxAge: 30, staleWhileRevalidate: 60 },
  detail: { maxAge: 30, staleWhileRevalidate: 60 },
  featured: { maxAge: 30, staleWhileRevalidate: 60 },
  // Recomputed at most once a minute anyway (lib/catalogue/related.ts).
  similar: { maxAge: 60, staleWhileRevalidate: 120 },
  categories: { maxAge: 60 },
  reviews: { maxAge: 15 },
  // The API's own description changes only with a deployment.
  openapi: { maxAge: 300 },
} as const satisfies Record<string, CachePolicy>;

export function cacheControl({ maxAge, staleWhileRevalidate }: CachePolicy): string {
  const directives = ["public", `max-age=${maxAge}`];
  if (staleWhileRevalidate !== undefined) directives.push(`stale-while-revalidate=${staleWhileRevalidate}`);
  return directives.join(", ");
}

/** Weak, because a proxy that compresses the body keeps the meaning but not the bytes. */
export function etagOf(body: string | Uint8Array): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, "");

/** RFC 9110 §13.1.2: weak comparison against each listed tag; `*` matches any current representation. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const wanted = opaqueTag(etag);
  return header.split(",").some((tag) => {
    const candidate = opaqueTag(tag);
    return candidate === "*" || candidate === wanted;
  });
}

/** A cacheable JSON 200, or 304 without a body when the client already holds this representation. */
export function cachedJson(request: Request, data: unknown, policy: CachePolicy): Response {
  return cachedJsonBody(request, JSON.stringify(data), policy);
}

/** `cachedJson` of a body that is already JSON, as text or bytes (written by Postgres: lib/catalogue/public-json.ts). */
export function cachedJsonBody(request: Request, body: string | Uint8Array<ArrayBuffer>, policy: CachePolicy): Response {
  const headers = new Headers({ "cache-control": cacheControl(policy), etag: etagOf(body) });
  const conditional = request.method === "GET" || request.method === "HEAD";
  if (conditional && matchesIfNoneMatch(request.headers.get("if-none-match"), headers.get("etag")!)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers });
}
