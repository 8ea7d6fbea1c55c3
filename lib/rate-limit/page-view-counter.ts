import type { Executor } from "@/db/client";
import type { BoundedCache } from "@/lib/core/bounded-cache";
import { log } from "@/lib/core/log";

import type { RateLimitState } from "./headers";
import type { Policy } from "./policies";
import { addToSharedCounts } from "./shared-counts";

// The page limit decided in the process, counted in the database in batches. Each view is decided
// at once from what this process knows: the key's total among all instances as the database last
// answered, plus what this process counted since. The counts are sent every FLUSH_INTERVAL_MS, and
// at once when a key's unsent count reaches a twentieth of the quota, many keys in one statement
// that answers each key's total (./shared-counts.ts), so every instance learns what the others
// counted. A view never waits on the database, and one that fails to take the counts keeps them
// for the next flush: the process goes on deciding from its own counts. The tolerance this buys
// (how far over the quota N instances can go) is in docs/api.md, "Rate limits".

/** How often the counts of this process are sent to the database. */
const FLUSH_INTERVAL_MS = 500;
/** A key whose unsent count reaches this share of the quota is sent at once. */
const SHARE_OF_QUOTA = 1 / 20;
/**
 * At most this many keys wait for a flush (~the counts cache's): reaching it sends them at once. A
 * view of another key while a flush is under way is counted here and queued at its next view.
 */
const MAX_QUEUED_KEYS = 2_000;
/** A count on the heap: the object and its five fields, the window's end a heap number (its key is counted by the cache). */
export const PAGE_COUNT_BYTES = 88;
/** Failures to send are logged at most once a minute. */
const WARNING_INTERVAL_MS = 60_000;

/** One key in this process: its total among all instances when the database last answered, and what this process counted since. */
export type PageCount = {
  key: string;
  /** The database's total at its last answer (this process's flushed points included). */
  shared: number;
  /** Sent in the flush under way. */
  sending: number;
  /** Counted here since. */
  pending: number;
  /** When the window ends (ms since the epoch): the database's, or until it answers, opened here by the key's first view. */
  resetAt: number;
};

type PageViewCounterOptions = {
  policy: Policy;
  /** What the counts are kept in, bounded in bytes. */
  counts: BoundedCache<string, PageCount>;
  /**
   * The database the counts are shared in; none (PGlite: one process) counts in this process only.
   * It answers null once this counter is no longer the process's (its configuration was
   * forgotten): the counts it still holds are dropped.
   */
  database?: () => Promise<Executor | null>;
  intervalMs?: number;
};

/** Whether the view is refused, and where its key stands (for the rate-limit headers). */
type CountedView = { limited: boolean; state: RateLimitState };

export class PageViewCounter {
  readonly policy: Policy;
  private readonly counts: BoundedCache<string, PageCount>;
  private readonly database: (() => Promise<Executor | null>) | undefined;
  private readonly intervalMs: number;
  /** A key's unsent count that sends at once. */
  private readonly batchPoints: number;
  private readonly queued = new Set<PageCount>();
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private lastWarning = 0;

  constructor({ policy, counts, database, intervalMs = FLUSH_INTERVAL_MS }: PageViewCounterOptions) {
    this.policy = policy;
    this.counts = counts;
    this.database = database;
    this.intervalMs = intervalMs;
    this.batchPoints = Math.max(1, Math.floor(policy.points * SHARE_OF_QUOTA));
  }

  /** Counts one view of `client` (a rate-limit key), unless its quota is used up: then it is refused, and counts nothing. */
  count(client: string): CountedView {
    const { policy } = this;
    const now = Date.now();
    const key = `${policy.name}:${client}`;
    let count = this.counts.get(key);
    if (!count) this.counts.set(key, (count = { key, shared: 0, sending: 0, pending: 0, resetAt: now + policy.seconds * 1000 }));
    else if (count.resetAt <= now) Object.assign(count, { shared: 0, sending: 0, pending: 0, resetAt: now + policy.seconds * 1000 });
    const used = count.shared + count.sending + count.pending;
    const resetSeconds = Math.ceil((count.resetAt - now) / 1000);
    if (used >= policy.points) return { limited: true, state: { policy, remaining: 0, resetSeconds: Math.max(1, resetSeconds) } };
    count.pending++;
    this.queue(count);
    return { limited: false, state: { policy, remaining: policy.points - used - 1, resetSeconds } };
  }

  /**
   * Sends what this process has counted (everything counted before the call, once the returned
   * promise settles); never rejects: counts that could not be sent wait for the next flush.
   */
  flush(): Promise<void> {
    if (!this.inFlight) {
      this.inFlight = this.send().finally(() => (this.inFlight = undefined));
      return this.inFlight;
    }
    // One is under way: what was counted since goes in the next, right after it.
    this.next ??= this.inFlight.then(() => {
      this.next = undefined;
      return this.flush();
    });
    return this.next;
  }

  private queue(count: PageCount): void {
    if (!this.database) return;
    if (this.queued.size < MAX_QUEUED_KEYS) this.queued.add(count);
    if (count.pending >= this.batchPoints || this.queued.size >= MAX_QUEUED_KEYS) void this.flush();
    else this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.intervalMs);
    // A process with nothing else to do may exit: the counts of its last half second are not worth holding it.
    this.timer.unref();
  }

  private async send(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    // A count whose window has ended counted views the database no longer holds against anyone.
    const batch = [...this.queued].filter((count) => count.pending > 0 && count.resetAt > now);
    this.queued.clear();
    if (batch.length === 0) return;
    // A key evicted from the cache and counted again has two counts: one row, their points added.
    const byKey = new Map<string, { key: string; points: number; resetAt: number; counts: PageCount[] }>();
    for (const count of batch) {
      const entry = byKey.get(count.key) ?? { key: count.key, points: 0, resetAt: count.resetAt, counts: [] };
      entry.points += count.pending;
      entry.counts.push(count);
      byKey.set(count.key, entry);
      count.sending += count.pending;
      count.pending = 0;
    }
    try {
      const db = await this.database!();
      if (!db) return;
      for (const row of await addToSharedCounts(db, [...byKey.values()], now)) {
        for (const count of byKey.get(row.key)?.counts ?? [])
          Object.assign(count, { shared: row.points, sending: 0, resetAt: row.resetAt });
      }
    } catch (error) {
      // Not taken (or not known to be: a statement that timed out may have been, then these count twice).
      for (const count of batch) {
        count.pending += count.sending;
        count.sending = 0;
        if (this.queued.size < MAX_QUEUED_KEYS) this.queued.add(count);
      }
      this.warn(error);
    } finally {
      if (this.queued.size > 0) this.schedule();
    }
  }

  private warn(error: unknown): void {
    if (Date.now() - this.lastWarning < WARNING_INTERVAL_MS) return;
    this.lastWarning = Date.now();
    log.warn("page view counts not sent to the database; counting on in this process, retrying", { policy: this.policy.name, error });
  }
}
