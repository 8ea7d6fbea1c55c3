import { NO_STORE } from "./caching";

// Every API response is `no-store` unless it is one of the public GETs built by `cachedJson`
// (lib/http/caching.ts): authenticated answers and writes must never sit in a shared cache.

function withDefaults(init: ResponseInit, contentType?: string): Headers {
  const headers = new Headers(init.headers);
  if (contentType) headers.set("content-type", contentType);
  if (!headers.has("cache-control")) headers.set("cache-control", NO_STORE["cache-control"]);
  return headers;
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(data), { ...init, headers: withDefaults(init, "application/json; charset=utf-8") });
}

export function noContent(init: ResponseInit = {}): Response {
  return new Response(null, { ...init, status: 204, headers: withDefaults(init) });
}
