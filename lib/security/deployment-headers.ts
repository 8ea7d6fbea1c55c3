import { env } from "@/lib/core/env";

import { newNonce, securityHeaders } from "./headers";

/**
 * The security headers for this deployment, with a fresh nonce: on every page and API response
 * (proxy.ts) and on the production server's own answers.
 */
export function deploymentSecurityHeaders(): Record<string, string> {
  const config = env();
  return securityHeaders({ nonce: newNonce(), https: config.APP_URL.startsWith("https://"), development: !config.isProduction });
}
