import { setTimeout as sleep } from "node:timers/promises";

import { log } from "./log";

// A process's background chores (removing unused images, telling publishers of expiring keys):
// each runs every so often until the process stops, in a server process that does the worker's
// work itself or in the worker (`npm run worker`). One of each per process, whatever calls start.

/** Runs `work` now and then every `intervalMs` until `signal` aborts; a failed round is logged, the next still runs. */
export async function repeatUntilAborted({
  name,
  signal,
  intervalMs,
  work,
}: {
  name: string;
  signal: AbortSignal;
  intervalMs: number;
  work: (signal: AbortSignal) => Promise<void>;
}): Promise<void> {
  while (!signal.aborted) {
    try {
      await work(signal);
    } catch (error) {
      log.error(`${name} failed`, { error });
    }
    await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
  }
}

type Chore = { stop(): Promise<void> };
const globalForChores = globalThis as typeof globalThis & { __backgroundChores?: Map<string, Chore> };
const chores = () => (globalForChores.__backgroundChores ??= new Map());

/** Starts chore `name` in this process unless it runs already (hot reloads, repeated start-up calls). */
export function startChore(name: string, run: (signal: AbortSignal) => Promise<void>): void {
  if (chores().has(name)) return;
  const controller = new AbortController();
  const loop = run(controller.signal).catch((error: unknown) => log.error(`${name} stopped unexpectedly`, { error }));
  chores().set(name, {
    async stop() {
      controller.abort();
      await loop;
      chores().delete(name);
    },
  });
}

/** Stops every chore of this process after the round in progress (server shutdown). */
export async function stopChores(): Promise<void> {
  await Promise.all([...chores().values()].map((chore) => chore.stop()));
}
