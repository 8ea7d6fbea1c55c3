import { getHeapStatistics } from "node:v8";

import { connect } from "@/db/client";
import { migrationProgress } from "@/db/readiness";
import { isDatabaseEmpty, seedDemoData } from "@/db/seed";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

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
    if (!env().MIGRATE_ON_START) {
      const { applied, expected } = await migrationProgress();
      if (applied < expected) {
        // Not ready (/api/ready answers 503) until `npm run db:migrate` has run; then ready without a restart.
        log.warn("database schema is behind and MIGRATE_ON_START is false: run npm run db:migrate", { applied, expected });
        (await import("@/lib/assets/hosted/housekeeping")).startAssetHousekeeping();
        return;
      }
    }
    if (env().seedOnEmpty && (await isDatabaseEmpty())) {
      const result = await seedDemoData();
      const images = await (await import("@/lib/assets/hosted/demo-images")).hostDemoImages();
      log.info("seeded demo data", { apps: result.apps, imagesCopied: images });
    }
    // After the seed: its images are hosted from the files above, not fetched by the sweep.
    (await import("@/lib/assets/hosted/housekeeping")).startAssetHousekeeping();
  } catch (error) {
    log.error("start-up failed", { error });
  }
}
