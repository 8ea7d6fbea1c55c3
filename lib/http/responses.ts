// Every API response is `no-store` unless it is one of the public GETs built by `cachedJson`
// (lib/http/caching.ts): authenticated answers, writes and errors must never sit in a shared cache.

function withDefaults(init: ResponseInit, contentType?: string): Headers {
  const headers = new Headers(init.headers);
  if (contentType) headers.set("content-type", contentType);
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return headers;
}

function jsonAs(contentType: string, data: unknown, init: ResponseInit): Response {
  return new Response(JSON.stringify(data), { ...init, headers: withDefaults(init, contentType) });
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  return jsonAs("application/json; charset=utf-8", data, init);
}

/**
 * A signed-in person's own answer (GET /api/me…, which the islands of the shared pages ask):
 * `private, no-store`, so neither a shared cache nor the browser keeps it for whoever comes next.
 */
export function privateJson(data: unknown): Response {
  return json(data, { headers: { "cache-control": "private, no-store" } });
}

/** An RFC 9457 problem document (lib/http/problem.ts builds it). */
export function problemJson(data: unknown, init: ResponseInit): Response {
  return jsonAs("application/problem+json", data, init);
}

export function noContent(init: ResponseInit = {}): Response {
  return new Response(null, { ...init, status: 204, headers: withDefaults(init) });
}

/** A CSV file to download: `filename` is the name the browser saves it under (ASCII; the slug and dates). */
export function csvFile({ filename, text }: { filename: string; text: string }): Response {
  const headers = withDefaults({}, "text/csv; charset=utf-8; header=present");
  headers.set("content-disposition", `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`);
  return new Response(text, { status: 200, headers });
}
