import { randomBytes } from "node:crypto";

// The suites run the production server, which refuses the development administrator and any
// secret that is short or printed in this repository (lib/core/env.ts): these are what they use instead.

/** The administrator of every server the suites start. */
export const E2E_ADMIN_EMAIL = "ops@marketplace.example";

/** A secret of 32 random bytes, new for each run. */
export function freshSecret(): string {
  return randomBytes(32).toString("base64url");
}
