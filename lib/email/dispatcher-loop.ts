import { setTimeout as sleep } from "node:timers/promises";

import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";

import { DEFAULT_BATCH_SIZE, dispatchDueEmails } from "./dispatcher";

export const POLL_INTERVAL_MS = 2_000;
// After an error (database unreachable, say) wait longer, so an outage is not logged every poll.
const ERROR_PAUSE_MS = 15_000;

export type DispatcherLoopOptions = { intervalMs?: number; batchSize?: number };

/** Dispatches until `signal` aborts: polls every `intervalMs`, and goes straight on while batches come back full. */
export async function runEmailDispatcher({
  signal,
  intervalMs = POLL_INTERVAL_MS,
  batchSize = DEFAULT_BATCH_SIZE,
}: DispatcherLoopOptions & { signal: AbortSignal }): Promise<void> {
  while (!signal.aborted) {
    let pause = intervalMs;
    try {
      const result = await dispatchDueEmails({ batchSize, signal });
      if (result.claimed > 0) log.info("emails dispatched", result);
      if (result.claimed === batchSize) pause = 0;
    } catch (error) {
      log.error("email dispatch failed", { error });
      pause = Math.max(intervalMs, ERROR_PAUSE_MS);
    }
    if (pause > 0) await sleep(pause, undefined, { signal }).catch(() => undefined);
  }
}

export type EmailDispatcherHandle = { running: boolean; stop(): Promise<void> };

const globalForDispatcher = globalThis as typeof globalThis & { __emailDispatcher?: EmailDispatcherHandle };

const notRunning: EmailDispatcherHandle = { running: false, stop: async () => {} };

/**
 * The in-process dispatcher of a server process: one per process (hot reloads and repeated
 * start-up calls get the running one), never during `next build`, and only when
 * EMAIL_DISPATCHER=in-process (deployments with a separate worker set it to "off").
 */
export function startEmailDispatcher(options: DispatcherLoopOptions = {}): EmailDispatcherHandle {
  const config = env();
  if (config.isBuild || config.EMAIL_DISPATCHER !== "in-process") return notRunning;
  if (globalForDispatcher.__emailDispatcher) return globalForDispatcher.__emailDispatcher;

  const controller = new AbortController();
  const loop = runEmailDispatcher({ ...options, signal: controller.signal }).catch((error: unknown) =>
    log.error("email dispatcher stopped unexpectedly", { error }),
  );
  const handle: EmailDispatcherHandle = {
    running: true,
    async stop() {
      controller.abort();
      await loop;
      handle.running = false;
      log.info("email dispatcher stopped");
      if (globalForDispatcher.__emailDispatcher === handle) globalForDispatcher.__emailDispatcher = undefined;
    },
  };
  globalForDispatcher.__emailDispatcher = handle;
  log.info("email dispatcher started", { delivery: config.emailDelivery });
  return handle;
}

/** Stops this process's in-process dispatcher, if one runs, once its batch in progress is done (server shutdown). */
export async function stopEmailDispatcher(): Promise<void> {
  await globalForDispatcher.__emailDispatcher?.stop();
}
