import type { NextConfig } from "next";
import { PHASE_PRODUCTION_BUILD } from "next/constants";

const nextConfig: NextConfig = {
  // Native/WASM or server-only packages that must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "oidc-provider", "resend", "rate-limiter-flexible"],
  poweredByHeader: false,
  typedRoutes: false,
};

// The build also writes .next/standalone: the traced server files and the node_modules they need,
// what the container image ships (scripts/bundle-standalone.ts adds our server, worker and migrate
// command to it). Only the build: `npm start` serves from the repository, where Next would
// otherwise warn that its own `next start` does not run standalone builds.
export default function config(phase: string): NextConfig {
  return phase === PHASE_PRODUCTION_BUILD ? { ...nextConfig, output: "standalone" } : nextConfig;
}
