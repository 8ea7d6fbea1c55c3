import { connect } from "@/db/client";
import { isDatabaseEmpty, seedDemoData } from "@/db/seed";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

import { routeConsoleThroughLog } from "./console-errors";
import { refuseIncompleteProduction } from "./preflight";

/** Server start-up: check production configuration, migrate, seed an empty development database. Failures leave /api/ready at 503. */
export async function startServerProcess(): Promise<void> {
  refuseIncompleteProduction();
  // Development keeps Next's readable, source-mapped stacks.
  if (env().isProduction) routeConsoleThroughLog();
  try {
    const connection = await connect();
    log.info("database ready", { kind: connection.kind });
    (await import("@/lib/email/dispatcher-loop")).startEmailDispatcher();
    if (env().seedOnEmpty && (await isDatabaseEmpty())) {
      const result = await seedDemoData();
      log.info("seeded demo data", { apps: result.apps });
    }
  } catch (error) {
    log.error("start-up failed", { error });
  }
}
