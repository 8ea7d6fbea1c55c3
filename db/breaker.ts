import { BEFORE_FIRST_ANSWER, DATABASE_UNAVAILABLE, databaseError, isDatabaseUnreachable } from "./unreachable";

// Once the database has been found unreachable (a connection that cannot be opened, or a statement
// that got no answer in time), the statements after it fail at once instead of each waiting out
// its own timeout: a request that checks a rate limit and then reads would wait twice, and every
// request would hold its client for seconds. Meanwhile a probe asks the database once a second;
// the first answer (a probe's or a statement's already on its way) closes the breaker, so the
// service recovers by itself within seconds of the database. A connection dropped under a
// statement does not open it: the reconnection that follows tells whether the database is down.

const PROBE_INTERVAL_MS = 1_000;

/** Failures that say no connection can be had, or no answer came in time. */
const NO_DATABASE = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "CONNECT_TIMEOUT"]);
const DATABASE_TIMEOUT = "DATABASE_TIMEOUT";

function opensBreaker(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && typeof current.code === "string") {
      if (NO_DATABASE.has(current.code) || current.code === DATABASE_TIMEOUT || /^08001|^08006/.test(current.code)) return true;
      // Reset while connecting, or before the server said anything: no connection can be had either.
      if (("syscall" in current && current.syscall === "connect") || BEFORE_FIRST_ANSWER in current) return true;
    }
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

type BreakerState = {
  open: boolean;
  probing: boolean;
  probe: (() => Promise<unknown>) | undefined;
  /** When a statement was last answered (Date.now()). */
  answeredAt: number;
  /** A probe sent to ask whether the database still answers (databaseAnsweredWithin), shared by whoever asks meanwhile. */
  asking: Promise<unknown> | undefined;
};

// On globalThis: every copy of this module in the process (Next bundles it more than once) shares one view of the database.
const global = globalThis as typeof globalThis & { __marketplaceDbBreaker?: BreakerState };
const state = (): BreakerState =>
  (global.__marketplaceDbBreaker ??= { open: false, probing: false, probe: undefined, answeredAt: 0, asking: undefined });

/** The database was found unreachable and has not answered since. */
export function databaseUnavailable(): boolean {
  return state().open;
}

/** Null when a statement may be sent now; else the error to fail it with, unsent. */
export function refusal(): Error | null {
  return state().open ? databaseError(DATABASE_UNAVAILABLE, "the database is unreachable; retrying shortly") : null;
}

/** What the breaker sends, once a second, while open (db/client.ts: `select 1` on a connection of its own); null when the pool closes. */
export function setProbe(probe: (() => Promise<unknown>) | undefined): void {
  const current = state();
  current.probe = probe;
  if (!probe) current.open = false;
}

function probeUntilAnswered(): void {
  const current = state();
  if (current.probing) return;
  current.probing = true;
  const next = () =>
    setTimeout(() => {
      if (!current.open || !current.probe) return void (current.probing = false);
      void current
        .probe()
        .catch(() => undefined)
        .finally(next);
    }, PROBE_INTERVAL_MS).unref();
  next();
}

/**
 * Whether the database answered a statement within the last `withinMs`; if none did, one probe
 * asks (a second at most, shared by concurrent callers), and a silent database opens the breaker.
 * A page is rendered only by a process that knows its database answers: Next may send a page's
 * first bytes, and its 200, before the page's own statements find the database gone.
 * Without a probe (the embedded database, in the process) there is nothing to ask.
 */
export async function databaseAnsweredWithin(withinMs: number): Promise<boolean> {
  const current = state();
  if (current.open) return false;
  if (!current.probe || Date.now() - current.answeredAt <= withinMs) return true;
  current.asking ??= current
    .probe()
    .catch(() => undefined)
    .finally(() => (current.asking = undefined));
  await current.asking;
  return !current.open;
}

/** Records how a statement that was sent ended: answered (`error` undefined, or an error of the database's own), or not. */
export function record(error?: unknown): void {
  const current = state();
  if (error === undefined || !isDatabaseUnreachable(error)) {
    current.open = false;
    current.answeredAt = Date.now();
  } else if (opensBreaker(error) && !current.open) {
    current.open = true;
    probeUntilAnswered();
  }
}
