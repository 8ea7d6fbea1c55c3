import { startIdentityProvider } from "@/scripts/idp/server";

const STARTED = Symbol.for("marketplace.test-global-setup");

// Runs in the main vitest process: starts the bundled Yapture provider on a free port. Test files
// run in child processes started afterwards, so they inherit YAPTURE_ISSUER. Every project runs
// the global setup; the first one does the work for all.
export default async function globalSetup(): Promise<() => Promise<void>> {
  const main = globalThis as { [STARTED]?: true };
  if (main[STARTED]) return async () => {};
  main[STARTED] = true;
  process.env.LOG_LEVEL ??= "error";
  // Suites send hundreds of requests from one address; the rate-limit tests switch limits on themselves.
  process.env.RATE_LIMITS ??= "off";
  const idp = await startIdentityProvider({
    port: 0,
    clients: [
      {
        clientId: "marketplace-test",
        clientSecret: "marketplace-test-secret",
        redirectUris: ["http://localhost:3000/api/auth/callback/yapture"],
      },
    ],
  });
  process.env.YAPTURE_ISSUER = idp.issuer;
  process.env.YAPTURE_CLIENT_ID = "marketplace-test";
  process.env.YAPTURE_CLIENT_SECRET = "marketplace-test-secret";
  return () => idp.close();
}
