import { getHeapStatistics } from "node:v8";

import { connect } from "@/db/client";
import { migrationProgress } from "@/db/readiness";
import { isDatabaseEmpty, seedDemoData } from "@/db/seed";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";

import { routeConsoleThroughLog } from "./console-errors";
import { refuseIncompleteProduction } from "./preflight";

/** Server start-up: check production configuration, migrate (unless MIGRATE_ON_START is false), seed an empty development database. Failures leave /api/ready at 503. */
export async function startServerProcess(): Promise<void> {
  refuseIncompleteProduction();
  // Development keeps Next's readable, source-mapped stacks.
  if (env().isProduction) routeConsoleThroughLog();
  // The V8 heap cap comes from NODE_OPTIONS (--max-old-space-size), else Node's default for the machine.
  log.info("server process started", { heapLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20) });
  try {
    const connection = await connect();
    log.info("database ready", { kind: connection.kind });
    (await import("@/lib/email/dispatcher-loop")).startEmailDispatcher();
    (await import("@/lib/api-keys/expiry-notices")).startKeyExpiryNotices();
    (await import("@/lib/webhooks/worker")).startWebhookWorker();
    // Every process flushes the impressions and page views it counted itself.
    (await import("@/lib/analytics/recorder")).startStatsFlushing();
    if (!env().MIGRATE_ON_START) {
      const { applied, expected } = await migrationProgress();
      if (applied < expected) {
        // Not ready (/api/ready answers 503) until `npm run db:migrate` has run; then ready without a restart.
        log.warn("database schema is behind and MIGRATE_ON_START is false: run npm run db:migrate", { applied, expected });
        (await import("@/lib/assets/hosted/housekeeping")).startAssetHousekeeping();
        return;
      }
    }
    const housekeeping = await import("@/lib/assets/hosted/housekeeping");
    if (env().seedOnEmpty && (await isDatabaseEmpty())) {
      const result = await seedDemoData();
      log.info("seeded demo data", { apps: result.apps });
      // The demo images are checked and stored while the server already answers (~8 s; pages show
      // the /demo/ files meanwhile); the sweep starts after, so it never fetches them itself.
      void (await import("@/lib/assets/hosted/demo-images"))
        .hostDemoImages()
        .then((images) => log.info("hosted the demo data's images", images))
        .catch((error: unknown) => log.error("hosting the demo data's images failed", { error }))
        .finally(() => housekeeping.startAssetHousekeeping());
    } else housekeeping.startAssetHousekeeping();
  } catch (error) {
    log.error("start-up failed", { error });
  }
}
