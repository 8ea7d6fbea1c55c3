import { NextResponse, type NextRequest } from "next/server";

import { env } from "@/lib/env";
import { newNonce, securityHeaders } from "@/lib/security/headers";

// Runs before every page and API route: a fresh CSP nonce and the security headers. Next reads the
// nonce from the request's Content-Security-Policy header and puts it on its own scripts.
export function proxy(request: NextRequest): NextResponse {
  const config = env();
  const headers = securityHeaders({
    nonce: newNonce(),
    https: config.APP_URL.startsWith("https://"),
    development: !config.isProduction,
    httpImages: config.assetFetchAllowPrivate,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", headers["content-security-policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Built assets are immutable files that carry no markup to protect.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
