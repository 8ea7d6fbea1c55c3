import { startIdentityProvider } from "@/scripts/idp/server";

// Runs once in the main vitest process: starts the bundled Yapture provider on a free port.
// Test files run in child processes started afterwards, so they inherit YAPTURE_ISSUER.
export default async function globalSetup(): Promise<() => Promise<void>> {
  process.env.LOG_LEVEL ??= "error";
  const idp = await startIdentityProvider({
    port: 0,
    clients: [{ clientId: "marketplace-test", clientSecret: "marketplace-test-secret", redirectUris: ["http://localhost:3000/api/auth/callback/yapture"] }],
  });
  process.env.YAPTURE_ISSUER = idp.issuer;
  process.env.YAPTURE_CLIENT_ID = "marketplace-test";
  process.env.YAPTURE_CLIENT_SECRET = "marketplace-test-secret";
  return () => idp.close();
}
