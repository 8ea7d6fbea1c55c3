import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native/WASM or server-only packages that must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "oidc-provider", "resend", "rate-limiter-flexible"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
