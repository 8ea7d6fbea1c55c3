import { NextResponse, type NextRequest } from "next/server";

import { databaseAnsweredWithin } from "@/db/breaker";
import { renewSessionCookie } from "@/lib/auth/session-renewal";
import { clientAddressOf } from "@/lib/core/client-address";
import { env } from "@/lib/core/env";
import { ApiError } from "@/lib/core/errors";
import { isDecodablePath } from "@/lib/http/path-params";
import { problemResponse } from "@/lib/http/problem";
import { REQUEST_ID_HEADER, requestIdFor } from "@/lib/http/request-id";
import { PAGE_PATH_HEADER } from "@/lib/http/page-path";
import { rateLimitedPage } from "@/lib/pages/rate-limited-page";
import { unavailablePage } from "@/lib/pages/unavailable-page";
import { rendersPage, servesHostedImage } from "@/lib/rate-limit/page-requests";
import { consumePageView } from "@/lib/rate-limit/page-views";
import { deploymentSecurityHeaders } from "@/lib/security/deployment-headers";

// Runs before every page and API route: a fresh CSP nonce and the security headers, the page
// limit, the 503 page while the database is unreachable, and the session's renewal. Next reads the nonce from the
// request's Content-Security-Policy header and puts it on its own scripts.
export async function proxy(request: NextRequest): Promise<Response> {
  if (!isDecodablePath(new URL(request.url).pathname)) {
    const headers = deploymentSecurityHeaders();
    // A path Next cannot decode names nothing: 404 problem+json, like a malformed id (docs/api.md).
    const requestId = requestIdFor(request);
    const response = problemResponse(
      new ApiError("not_found", "the path is not valid percent-encoded UTF-8, so it names nothing"),
      requestId,
    );
    for (const [name, value] of Object.entries({ ...headers, [REQUEST_ID_HEADER]: requestId })) response.headers.set(name, value);
    return response;
  }
  const headers = deploymentSecurityHeaders();
  const page = rendersPage(request.nextUrl.pathname, { development: !env().isProduction });
  // Counted in the process, without a wait on the database (lib/rate-limit/page-views.ts).
  const view = page ? consumePageView(clientAddressOf(request)) : undefined;
  if (view?.limited) return rateLimitedPage(view.state, headers);
  // The database found unreachable (by a request or a probe), or silent for 2 s and not answering
  // a probe now: a page would only fail to render, after its first bytes and a 200 may have gone
  // out, so the person gets the 503 page at once (API routes answer 503 themselves).
  if (page && !(await databaseAnsweredWithin(DATABASE_HEARD_WITHIN_MS))) return unavailablePage(headers);
  const response = request.nextUrl.pathname.startsWith("/api/")
    ? NextResponse.next()
    : NextResponse.next({ request: { headers: withCsp(request, headers) } });
  // A hosted image sends its own, stricter policy (app/assets/[file]/route.ts): the page's would
  // replace it. Any other path under /assets/ renders the not-found page, which needs the page's.
  if (servesHostedImage(request.nextUrl.pathname)) delete headers["content-security-policy"];
  for (const [name, value] of Object.entries({ ...headers, ...view?.headers })) response.headers.set(name, value);
  if (page || PRIVATE_API.test(request.nextUrl.pathname)) await renewSessionCookie(request, response);
  return response;
}

/** A page is rendered only when the database answered a statement this long ago at most, or answers a probe now. */
const DATABASE_HEARD_WITHIN_MS = 2_000;

/**
 * The API answers no shared cache may keep (`no-store` or `private, no-store`, docs/api.md): with
 * pages rendered for a signed-in person (`private`), the only answers a renewed session cookie rides
 * on. A page served from the server's memory (lib/server/page-cache) is not renewed; the islands'
 * `/api/me` request after it is. Public reads and
 * files are cached for a year or a minute by whatever stands in front, for everyone after this person;
 * next-auth's own routes (`/api/auth/*`) set the cookie themselves. The production server makes any
 * answer that sets a cookie private whatever its route says (lib/server/private-cookies.ts).
 */
const PRIVATE_API = /^\/api\/(dev\/|admin\/|me$|me\/)/;

/**
 * The request as the page renderer should see it: with the Content-Security-Policy, where Next
 * finds the nonce. API routes render no markup, so their requests are passed on untouched: an
 * overridden request costs Next a copy of every header on the way in (measured in docs/benchmarks.md).
 */
function withCsp(request: NextRequest, headers: Record<string, string>): Headers {
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["content-security-policy"]!);
  // Always set here (never taken from the client): where the header's "Sign in" comes back to.
  requestHeaders.set(PAGE_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return requestHeaders;
}

export const config = {
  // Built assets are immutable files that carry no markup to protect (a missing one is a plain-text
  // 404). Exact prefixes: `/_next/staticX`, `/_next/imageX` or `/favicon.ico` (there is none) render
  // the not-found page, which must be counted and carry the CSP like any page.
  matcher: ["/((?!_next/static/|_next/image$).*)"],
};
