import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";

import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { KiB } from "@/lib/core/bounded-cache";
import { rateLimitKeyOf } from "@/lib/core/client-address";
import { env } from "@/lib/core/env";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/core/log";
import { boundedCache, processCache } from "@/lib/core/process-cache";

import type { RateLimitState } from "./headers";
import { memoryLimiter, type Limiter } from "./memory-limiter";
import { policyOf, type Policy, type PolicyName } from "./policies";

// rate-limiter-flexible counters: in Postgres (its Drizzle store, on our own pool and migrations)
// when the app runs on a server, so every instance and the worker share them; in memory on
// PGlite, where there is one process (./memory-limiter.ts). A store that fails never fails the
// request (fail open). A key whose quota is used up is remembered in this process until its window
// resets, so a client over its quota costs no write (below); an IPv6 client is counted under one of
// 16 keys of its /48 (rateLimitKeyOf), so a /48 makes at most 16 rows per policy. The page limit counts
// in the process and shares its counts in the same table in batches instead (./page-views.ts).

// One limiter per policy as configured: keys from a fixed set.
const limiters = processCache<string, Promise<Limiter>>("rate-limiters");

async function createLimiter(policy: Policy): Promise<Limiter> {
  if (!env().DATABASE_URL) return memoryLimiter(policy);
  const options = { keyPrefix: policy.name, points: policy.points, duration: policy.seconds };
  return new RateLimiterDrizzle({ ...options, storeClient: await getDb(), schema: rateLimits });
}

function limiterFor(policy: Policy): Promise<Limiter> {
  const id = `${policy.name}:${policy.points}/${policy.seconds}:${env().DATABASE_URL ?? "memory"}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    // A store that could not be opened (the database down at the first request) is not kept:
    // the next request tries again, so the limits come back with the database.
    limiter = createLimiter(policy).catch((error: unknown) => {
      limiters.delete(id);
      throw error;
    });
    limiters.set(id, limiter);
  }
  return limiter;
}

// One key: when the last warning was written.
const lastWarning = processCache<"at", number>("rate-limiter-warning");
/** A limiter store outage is logged at most once a minute, and the request goes on. */
function failOpen(policy: Policy, error: unknown): null {
  if (Date.now() - (lastWarning.get("at") ?? 0) >= 60_000) {
    lastWarning.set("at", Date.now());
    log.warn("rate limiter store unreachable; serving requests without limits", { policy: policy.name, error });
  }
  return null;
}

const seconds = (ms: number) => Math.ceil(Math.max(0, ms) / 1000);

/** 429 `rate_limited`; it carries the exhausted policy's state, so the response can report it beside the others. */
export class RateLimitedError extends ApiError {
  constructor(readonly state: RateLimitState) {
    const { policy, resetSeconds } = state;
    super("rate_limited", `too many requests (${policy.name}: ${policy.points} per ${policy.seconds} s); retry in ${resetSeconds} s`, {
      headers: { "retry-after": String(resetSeconds) },
    });
  }
}

const tooMany = (policy: Policy, outcome: RateLimiterRes) =>
  new RateLimitedError({ policy, remaining: 0, resetSeconds: Math.max(1, seconds(outcome.msBeforeNext)) });

const limitsOff = () => env().RATE_LIMITS === "off";

/** The key as the store counts it: a leading IPv6 /64 (a client, or a client and an app) as one of its /48's keys. */
const storeKeyOf = (key: string) => key.replace(/^[0-9a-f:]+\/64(?= |$)/, rateLimitKeyOf);

/**
 * Keys whose quota is used up, until their window resets: `<policy>:<points>/<seconds> <key>` → the
 * reset (ms since the epoch). A refused client would otherwise cost a write per request (the store
 * counts the refused point too): ~150 row updates a second from one client in a loop. Each process
 * learns it from the request that took the last point, or from the store's first refusal (another
 * instance took it), so a client over its quota costs each instance at most one write per window.
 * ~1,500 keys (an entry ~170 bytes: its key, the reset, the cache's bookkeeping); one evicted costs
 * one refused write, then is remembered again.
 */
const exhausted = boundedCache<string, number>({ name: "rate-limit-exhausted", maxBytes: 256 * KiB, sizeOf: () => 16 });

/**
 * Takes one request (or `points`, for one that weighs more) from the key's quota: where the key now
 * stands (for the rate-limit headers), null when limits are off or the store is unreachable, or
 * throws 429 RateLimitedError.
 */
export async function consume(name: PolicyName, key: string, points = 1): Promise<RateLimitState | null> {
  if (limitsOff()) return null;
  const policy = policyOf(name);
  const storeKey = storeKeyOf(key);
  const exhaustedKey = `${policy.name}:${policy.points}/${policy.seconds} ${storeKey}`;
  const untilReset = (exhausted.get(exhaustedKey) ?? 0) - Date.now();
  if (untilReset > 0) throw new RateLimitedError({ policy, remaining: 0, resetSeconds: Math.max(1, seconds(untilReset)) });
  exhausted.delete(exhaustedKey);
  let outcome: RateLimiterRes;
  try {
    outcome = await (await limiterFor(policy)).consume(storeKey, points);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) return failOpen(policy, error);
    exhausted.set(exhaustedKey, Date.now() + error.msBeforeNext);
    throw tooMany(policy, error);
  }
  if (outcome.remainingPoints <= 0) exhausted.set(exhaustedKey, Date.now() + outcome.msBeforeNext);
  return { policy, remaining: outcome.remainingPoints, resetSeconds: seconds(outcome.msBeforeNext) };
}

/** Counts a failure against the key, without refusing this request. */
export async function recordFailure(name: PolicyName, key: string): Promise<void> {
  await charge(name, key, 1);
}

/** Takes `points` more from the key's quota for a request that weighed more than it paid, without refusing it. */
export async function charge(name: PolicyName, key: string, points: number): Promise<void> {
  if (limitsOff() || points <= 0) return;
  const policy = policyOf(name);
  try {
    await (await limiterFor(policy)).penalty(storeKeyOf(key), points);
  } catch (error) {
    failOpen(policy, error);
  }
}

/** How many failures a key has counted in its window, and the 429 to answer once they pass the quota. */
type FailureStanding = { failures: number; quota: number; tooMany: RateLimitedError };

/** The key's failures so far; null when it has none, limits are off or the store is unreachable. */
export async function failureStanding(name: PolicyName, key: string): Promise<FailureStanding | null> {
  if (limitsOff()) return null;
  const policy = policyOf(name);
  let state: RateLimiterRes | null;
  try {
    state = await (await limiterFor(policy)).get(storeKeyOf(key));
  } catch (error) {
    return failOpen(policy, error);
  }
  if (!state || state.consumedPoints <= 0) return null;
  return { failures: state.consumedPoints, quota: policy.points, tooMany: tooMany(policy, state) };
}
