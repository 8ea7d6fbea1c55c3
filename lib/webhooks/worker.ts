import { setTimeout as sleep } from "node:timers/promises";

import { startChore } from "@/lib/core/background-chores";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";
import { deleteExpiredEvents } from "@/lib/events/retention";

import { deliverDueWebhooks } from "./delivery";
import { sequencePendingEvents } from "./sequencing";

const POLL_INTERVAL_MS = 1_000;
// Passes overlap: a pass waiting on a slow receiver (up to 10 s) does not hold up the next one,
// which the per-endpoint lease keeps off that receiver.
const MAX_PASSES_IN_FLIGHT = 4;
const RETENTION_INTERVAL_MS = 60 * 60_000;

/** Sequences events, delivers webhooks and deletes expired events until `signal` aborts; passes in flight finish first. */
export async function runWebhookWorker({
  signal,
  intervalMs = POLL_INTERVAL_MS,
}: {
  signal: AbortSignal;
  intervalMs?: number;
}): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let lastRetention = 0;
  while (!signal.aborted) {
    try {
      await sequencePendingEvents();
      if (Date.now() - lastRetention >= RETENTION_INTERVAL_MS) {
        lastRetention = Date.now();
        const deleted = await deleteExpiredEvents();
        if (deleted > 0) log.info("expired events deleted", { deleted });
      }
    } catch (error) {
      log.error("event sequencing failed", { error });
    }
    if (inFlight.size < MAX_PASSES_IN_FLIGHT) {
      const pass: Promise<void> = deliverDueWebhooks()
        .then((result) => {
          if (result.claimed > 0) log.info("webhooks delivered", result);
        })
        .catch((error: unknown) => log.error("webhook delivery failed", { error }))
        .finally(() => inFlight.delete(pass));
      inFlight.add(pass);
    }
    await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
  }
  await Promise.all(inFlight);
}

/** The worker in a server process that does the worker's work itself (EMAIL_DISPATCHER=in-process). */
export function startWebhookWorker(): void {
  const config = env();
  if (config.isBuild || config.EMAIL_DISPATCHER !== "in-process") return;
  startChore("webhook deliveries", (signal) => runWebhookWorker({ signal }));
}
