import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

import { KiB } from "@/lib/core/bounded-cache";
import { boundedCache } from "@/lib/core/process-cache";

import type { Policy } from "./policies";

// The counters of a process without a database server (PGlite). rate-limiter-flexible's own memory
// store keeps a record and a timer per key for the whole window, however many keys there are, and
// keys come from strangers: addresses, and the app slug of an install. Here each policy counts in a
// least-recently-used cache of its own: a fixed window per key, opened by its first point, as the
// library counts. Evicting a counter resets it, but takes ~2,000 more recently used keys of the same
// policy; a client with that many addresses has that many fresh quotas anyway.

/** The methods lib/rate-limit/limiter.ts uses, whichever store counts. */
export type Limiter = Pick<RateLimiterAbstract, "consume" | "penalty" | "get">;

/** ~2,000 keys per policy (~0.25 KiB each: an address, or an address and a slug, and its window). */
const COUNTERS_MAX_BYTES = 512 * KiB;
/** The counter object and its window's end, a heap number. */
const COUNTER_BYTES = 56;

type Counter = { consumed: number; resetAt: number };

export function memoryLimiter(policy: Policy): Limiter {
  const counters = boundedCache<string, Counter>({
    name: `rate-limit-counters:${policy.name}`,
    maxBytes: COUNTERS_MAX_BYTES,
    sizeOf: () => COUNTER_BYTES,
  });

  const current = (key: string, now: number): Counter | undefined => {
    const counter = counters.get(key);
    return counter && counter.resetAt > now ? counter : undefined;
  };
  const add = (key: string | number, points: number): RateLimiterRes => {
    const now = Date.now();
    let counter = current(String(key), now);
    const first = !counter;
    if (counter) counter.consumed += points;
    else counters.set(String(key), (counter = { consumed: points, resetAt: now + policy.seconds * 1000 }));
    return new RateLimiterRes(Math.max(policy.points - counter.consumed, 0), counter.resetAt - now, counter.consumed, first);
  };

  return {
    async consume(key, points = 1) {
      const outcome = add(key, points);
      if (outcome.consumedPoints > policy.points) throw outcome;
      return outcome;
    },
    async penalty(key, points = 1) {
      return add(key, points);
    },
    async get(key) {
      const now = Date.now();
      const counter = current(String(key), now);
      return counter
        ? new RateLimiterRes(Math.max(policy.points - counter.consumed, 0), counter.resetAt - now, counter.consumed, false)
        : null;
    },
  };
}
