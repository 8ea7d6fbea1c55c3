import { NextResponse, type NextRequest } from "next/server";

import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { isDecodablePath } from "@/lib/http/path-params";
import { problemResponse } from "@/lib/http/problem";
import { REQUEST_ID_HEADER, requestIdFor } from "@/lib/http/request-id";
import { PAGE_PATH_HEADER } from "@/lib/http/page-path";
import { newNonce, securityHeaders } from "@/lib/security/headers";

// Runs before every page and API route: a fresh CSP nonce and the security headers. Next reads the
// nonce from the request's Content-Security-Policy header and puts it on its own scripts.
export function proxy(request: NextRequest): Response {
  const config = env();
  const headers = securityHeaders({
    nonce: newNonce(),
    https: config.APP_URL.startsWith("https://"),
    development: !config.isProduction,
    httpImages: config.assetFetchAllowPrivate,
  });
  if (!isDecodablePath(new URL(request.url).pathname)) {
    // A path Next cannot decode names nothing: 404 problem+json, like a malformed id (docs/api.md).
    const requestId = requestIdFor(request);
    const response = problemResponse(
      new ApiError("not_found", "the path is not valid percent-encoded UTF-8, so it names nothing"),
      requestId,
    );
    for (const [name, value] of Object.entries({ ...headers, [REQUEST_ID_HEADER]: requestId })) response.headers.set(name, value);
    return response;
  }
  const response = request.nextUrl.pathname.startsWith("/api/")
    ? NextResponse.next()
    : NextResponse.next({ request: { headers: withCsp(request, headers) } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

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
  // Built assets are immutable files that carry no markup to protect.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
