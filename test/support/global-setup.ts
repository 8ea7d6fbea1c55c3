import type { TestProject } from "vitest/node";

import { startIdentityProvider } from "@/scripts/idp/server";

import { createDatabaseTemplate, type DatabaseTemplate } from "./database-template";

type Shared = { template: DatabaseTemplate; close: () => Promise<void> };
const SHARED = Symbol.for("marketplace.test-global-setup");

/**
 * Runs in the main vitest process, before any test file: starts the bundled Yapture provider on
 * a free port and migrates the run's database template. Test files run in child processes started
 * afterwards, so they inherit YAPTURE_ISSUER, and `inject("databaseTemplate")` names the template.
 */
async function startShared(): Promise<Shared> {
  process.env.LOG_LEVEL ??= "error";
  // Suites send hundreds of requests from one address; the rate-limit tests switch limits on themselves.
  process.env.RATE_LIMITS ??= "off";
  const [idp, database] = await Promise.all([
    startIdentityProvider({
      port: 0,
      clients: [
        {
          clientId: "marketplace-test",
          clientSecret: "marketplace-test-secret",
          redirectUris: ["http://localhost:3000/api/auth/callback/yapture"],
        },
      ],
    }),
    createDatabaseTemplate(process.env.TEST_DATABASE_URL || undefined),
  ]);
  process.env.YAPTURE_ISSUER = idp.issuer;
  process.env.YAPTURE_CLIENT_ID = "marketplace-test";
  process.env.YAPTURE_CLIENT_SECRET = "marketplace-test-secret";
  return {
    template: database.template,
    close: async () => {
      await Promise.all([idp.close(), database.remove()]);
    },
  };
}

// Every project runs the global setup: the first starts what they share, each is given the template.
export default async function globalSetup(project: TestProject): Promise<() => Promise<void>> {
  const main = globalThis as { [SHARED]?: { shared: Promise<Shared>; users: number } };
  const entry = (main[SHARED] ??= { shared: startShared(), users: 0 });
  entry.users++;
  const shared = await entry.shared;
  project.provide("databaseTemplate", shared.template);
  return async () => {
    if (--entry.users === 0) await shared.close();
  };
}
