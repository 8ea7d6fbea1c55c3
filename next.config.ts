import type { NextConfig } from "next";
import { PHASE_PRODUCTION_BUILD } from "next/constants";

const nextConfig: NextConfig = {
  // Native/WASM or server-only packages that must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "oidc-provider", "resend", "rate-limiter-flexible"],
  poweredByHeader: false,
  typedRoutes: false,
  // The listing approval queue was at /admin/reviews until "review" came to mean only a customer's (2026-11-28).
  redirects: async () => [{ source: "/admin/reviews", destination: "/admin/approvals", permanent: true }],
};

// The build also writes .next/standalone: the traced server files and the node_modules they need,
// what the container image ships (scripts/bundle-standalone.ts adds our server, worker and migrate
// command to it). Only the build: `npm start` serves from the repository, where Next would
// otherwise warn that its own `next start` does not run standalone builds.
export default function config(phase: string): NextConfig {
  return phase === PHASE_PRODUCTION_BUILD ? { ...nextConfig, output: "standalone" } : nextConfig;
}
