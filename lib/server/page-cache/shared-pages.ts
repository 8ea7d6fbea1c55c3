import type { IncomingMessage } from "node:http";

import { isSessionCookie } from "@/lib/auth/session";

// The requests the page cache may answer: a visitor's GET of a public marketplace page, the same
// for everyone who asks it at the same address. The marketplace's anonymous pages show only the
// public catalogue; the address (path and query) and the host it was asked at (the page's absolute
// links and Link headers name it) decide everything else a render reads.

/** `/`, `/apps` (browse and search), `/apps/<slug>` and `/developers/<id>`. */
const SHARED_PATH = /^\/(?:apps(?:\/[^/]+)?|developers\/[^/]+)?$/;
/** Longer targets are rendered, never kept: a stranger's unique long queries would only evict the pages people share. */
const MAX_TARGET_LENGTH = 1_024;
/** Next's client navigations and server actions ask for something other than the page's HTML. */
const NEXT_REQUEST_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action"];

function signedIn(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((cookie) => isSessionCookie(cookie.slice(0, cookie.indexOf("=")).trim()));
}

/** The cache key of `request` when its answer is a shared page, else null. */
export function sharedPageKey(request: IncomingMessage): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const target = request.url ?? "";
  if (!target.startsWith("/") || target.length > MAX_TARGET_LENGTH) return null;
  const queryAt = target.indexOf("?");
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  if (!SHARED_PATH.test(pathname) || /[?&]_rsc=/.test(target)) return null;
  const { headers } = request;
  if (NEXT_REQUEST_HEADERS.some((name) => headers[name] !== undefined) || signedIn(headers.cookie)) return null;
  return [headers.host ?? "", headers["x-forwarded-host"] ?? "", headers["x-forwarded-proto"] ?? "", target].join(" ");
}
