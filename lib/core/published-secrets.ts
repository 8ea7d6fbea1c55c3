// Every secret value this repository prints (defaults, docs, tests, harnesses, including ones since
// removed: they stay in its history). Anyone can read them, so a production server refuses each one
// (lib/core/env.ts); published-secrets.test.ts fails when a new one is printed without being added here.

/** The session secret development runs with when NEXTAUTH_SECRET is unset. */
export const DEVELOPMENT_NEXTAUTH_SECRET = "development-only-secret-do-not-use-in-production";

const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  DEVELOPMENT_NEXTAUTH_SECRET,
  // YAPTURE_CLIENT_SECRET's development default and the bundled identity provider's clients.
  "marketplace-dev-secret",
  "other-app-secret",
  // Test suites, Playwright harnesses and benchmarks.
  "marketplace-test-secret",
  "marketplace-e2e-secret",
  "e2e-secret-e2e-secret-e2e-secret",
  "marketplace-bench-secret",
  "bench-secret-bench-secret-bench",
  "bench-secret-bench-secret-bench-secret",
  "marketplace-two-secret",
  "two-instances-secret-two-instances",
  "marketplace-limits-secret",
  "page-limits-secret-page-limits",
  "s3cret",
  "wrong",
  "0123456789abcdef0123",
  // Resend keys of the tests (the SDK only talks to a local capture server there).
  "re_test_",
  "re_test_key",
  "re_test_loop",
  "re_test_0123456789",
  "re_two_instances",
]);

/** Whether a secret's value is one printed in this repository. */
export function isPublishedSecret(value: string): boolean {
  return PUBLISHED_SECRETS.has(value.trim());
}

/** For the test that scans the repository. */
export function publishedSecrets(): ReadonlySet<string> {
  return PUBLISHED_SECRETS;
}
