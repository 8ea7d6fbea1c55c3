import { env } from "@/lib/core/env";
import { ApiError } from "@/lib/core/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from the portal's own pages. Browsers send `Origin` on
 * every cross-site and same-site write, so a missing or foreign one is refused.
 */
export function assertSameOriginWrite(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin !== new URL(env().APP_URL).origin) {
    throw new ApiError("forbidden", "cookie-authenticated changes must come from the marketplace's own pages");
  }
}
