// npm run worker — the email dispatcher as its own process, for deployments whose web processes
// run with EMAIL_DISPATCHER=off. Runs until SIGINT/SIGTERM: the batch in progress finishes (within
// SHUTDOWN_TIMEOUT_MS), the database is closed, and it exits 0. A second signal exits at once.
// Like npm start, a production process unless NODE_ENV says otherwise, refusing the configuration
// production must not run with (the checks that apply to sending email; it needs no NEXTAUTH_SECRET).
import { connect, disconnect } from "@/db/client";
import { runKeyExpiryNotices } from "@/lib/api-keys/expiry-notices";
import { runAssetHousekeeping } from "@/lib/assets/hosted/housekeeping";
import { runEmailDispatcher } from "@/lib/email/dispatcher-loop";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";
import { refuseIncompleteProduction } from "@/lib/server/preflight";
import { runWebhookWorker } from "@/lib/webhooks/worker";

(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
refuseIncompleteProduction("worker");

const controller = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    process.once(signal, () => process.exit(1));
    log.info("email worker stopping", { signal, timeoutMs: env().SHUTDOWN_TIMEOUT_MS });
    // A batch stuck on a dead database or email service must not keep the process alive.
    setTimeout(() => process.exit(1), env().SHUTDOWN_TIMEOUT_MS).unref();
    controller.abort();
  });
}

const connection = await connect();
log.info("email worker started", { database: connection.kind, delivery: env().emailDelivery });
// Its chores: sending the outbox's emails, hourly removing listing images nothing uses, and every 10
// minutes telling developer accounts of keys that expire within a week; and delivering webhooks.
await Promise.all([
  runEmailDispatcher({ signal: controller.signal }),
  runAssetHousekeeping({ signal: controller.signal }),
  runKeyExpiryNotices({ signal: controller.signal }),
  runWebhookWorker({ signal: controller.signal }),
]);
await disconnect();
log.info("email worker stopped");
process.exit(0);
