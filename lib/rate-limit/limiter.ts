import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";

import { getDb } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { env } from "@/lib/core/env";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/core/log";
import { processCache } from "@/lib/core/process-cache";

import type { RateLimitState } from "./headers";
import { memoryLimiter, type Limiter } from "./memory-limiter";
import { policyOf, type Policy, type PolicyName } from "./policies";

// rate-limiter-flexible counters: in Postgres (its Drizzle store, on our own pool and migrations)
// when the app runs on a server, so every instance and the worker share them; in memory on
// PGlite, where there is one process (./memory-limiter.ts). A store that fails never fails the
// request (fail open).

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

/**
 * Takes one request (or `points`, for one that weighs more) from the key's quota: where the key now
 * stands (for the rate-limit headers), null when limits are off or the store is unreachable, or
 * throws 429 RateLimitedError.
 */
export async function consume(name: PolicyName, key: string, points = 1): Promise<RateLimitState | null> {
  if (limitsOff()) return null;
  const policy = policyOf(name);
  let outcome: RateLimiterRes;
  try {
    outcome = await (await limiterFor(policy)).consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(policy, error);
    return failOpen(policy, error);
  }
  return { policy, remaining: outcome.remainingPoints, resetSeconds: seconds(outcome.msBeforeNext) };
}

/** Counts a failure against the key, without refusing this request. */
export async function recordFailure(name: PolicyName, key: string): Promise<void> {
  if (limitsOff()) return;
  const policy = policyOf(name);
  try {
    await (await limiterFor(policy)).penalty(key, 1);
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
    state = await (await limiterFor(policy)).get(key);
  } catch (error) {
    return failOpen(policy, error);
  }
  if (!state || state.consumedPoints <= 0) return null;
  return { failures: state.consumedPoints, quota: policy.points, tooMany: tooMany(policy, state) };
}
