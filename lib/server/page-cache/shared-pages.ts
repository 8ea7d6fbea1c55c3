import type { IncomingMessage } from "node:http";

import { isSessionCookie } from "@/lib/auth/session";

// The requests the page cache may answer: a GET of a public marketplace page, the same for everyone
// who asks it at the same address. The pages show only the public catalogue, and the signed-in
// person's parts come from islands (docs/architecture.md, "Pages the same for everyone"); the
// address (path and query) and the host it was asked at (the page's absolute links and Link
// headers name it) decide everything else a render reads. A signed-in person may be served a page
// kept from a visitor's render, never the other way round: their own render may be a test build
// only they can see.

/** `/`, `/apps` (browse and search), `/apps/<slug>` and `/developers/<id>`. */
const SHARED_PATH = /^\/(?:apps(?:\/[^/]+)?|developers\/[^/]+)?$/;
/** Longer targets are rendered, never kept: a stranger's unique long queries would only evict the pages people share. */
const MAX_TARGET_LENGTH = 1_024;
/** Next's client navigations and server actions ask for something other than the page's HTML. */
const NEXT_REQUEST_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action"];

function signedIn(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((cookie) => isSessionCookie(cookie.slice(0, cookie.indexOf("=")).trim()));
}

/** A request for a shared page: its cache key, and whether a session cookie came with it. */
export type SharedPageRequest = { key: string; signedIn: boolean };

/** The request as the page cache sees it, or null when its answer is no shared page. */
export function sharedPageRequest(request: IncomingMessage): SharedPageRequest | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const target = request.url ?? "";
  if (!target.startsWith("/") || target.length > MAX_TARGET_LENGTH) return null;
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!SHARED_PATH.test(pathname) || /[?&]_rsc=/.test(target)) return null;
  const { headers } = request;
  if (NEXT_REQUEST_HEADERS.some((name) => headers[name] !== undefined)) return null;
  const key = [headers.host ?? "", headers["x-forwarded-host"] ?? "", headers["x-forwarded-proto"] ?? "", target].join(" ");
  return { key, signedIn: signedIn(headers.cookie) };
}
