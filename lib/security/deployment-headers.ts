import { env } from "@/lib/env";

import { newNonce, securityHeaders } from "./headers";

/** The developer portal's pages, which show a developer's own image URLs (lib/security/headers.ts). */
const showsDeveloperImages = (pathname: string) => pathname === "/developer" || pathname.startsWith("/developer/");

/**
 * The security headers for this deployment and `pathname`, with a fresh nonce: on every page and
 * API response (proxy.ts) and on the production server's own answers.
 */
export function deploymentSecurityHeaders(pathname = "/"): Record<string, string> {
  const config = env();
  return securityHeaders({
    nonce: newNonce(),
    https: config.APP_URL.startsWith("https://"),
    development: !config.isProduction,
    developerImages: showsDeveloperImages(pathname),
    httpImages: config.assetFetchAllowPrivate,
  });
}
