import { RateLimiterRes } from "rate-limiter-flexible";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { boundedCacheUsage, forgetProcessCaches } from "@/test/support/process-caches";

import { memoryLimiter } from "./memory-limiter";

// The counters of a process on PGlite. The route-level behaviour (headers, 429s per policy) is
// app/api/rate-limits.test.ts, which runs on this store.

const policy = { name: "install", points: 2, seconds: 60 } as const;
const start = new Date("2026-11-23T12:00:00Z").getTime();

beforeEach(() => {
  forgetProcessCaches();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
});
afterEach(() => vi.useRealTimers());

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("memoryLimiter", () => {
  it("counts a fixed window per key, opened by its first point, and refuses past the quota", async () => {
    const limiter = memoryLimiter(policy);
    expect(await limiter.consume("198.51.100.1")).toMatchObject({
      remainingPoints: 1,
      consumedPoints: 1,
      msBeforeNext: 60_000,
      isFirstInDuration: true,
    });
    vi.setSystemTime(start + 10_000);
    expect(await limiter.consume("198.51.100.1")).toMatchObject({
      remainingPoints: 0,
      consumedPoints: 2,
      msBeforeNext: 50_000,
      isFirstInDuration: false,
    });
    const refused = await rejection(limiter.consume("198.51.100.1"));
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect(refused).toMatchObject({ remainingPoints: 0, consumedPoints: 3, msBeforeNext: 50_000 });
    expect(await limiter.consume("198.51.100.2")).toMatchObject({ remainingPoints: 1 });

    vi.setSystemTime(start + 60_000);
    expect(await limiter.consume("198.51.100.1")).toMatchObject({ remainingPoints: 1, msBeforeNext: 60_000, isFirstInDuration: true });
  });

  it("adds penalties without refusing, and reports a key's standing", async () => {
    const limiter = memoryLimiter(policy);
    expect(await limiter.get("198.51.100.3")).toBeNull();
    for (let i = 0; i < 3; i++) await limiter.penalty("198.51.100.3", 1);
    expect(await limiter.get("198.51.100.3")).toMatchObject({ consumedPoints: 3, remainingPoints: 0, msBeforeNext: 60_000 });
    vi.setSystemTime(start + 60_000);
    expect(await limiter.get("198.51.100.3")).toBeNull();
  });

  it("holds its counters within the policy's budget: the least recently counted keys are forgotten first", async () => {
    const limiter = memoryLimiter(policy);
    await limiter.consume("198.51.100.4");
    await limiter.consume("198.51.100.4");
    for (let i = 0; i < 5_000; i++) {
      await limiter.consume(`2001:db8:${i.toString(16)}::1 some-app-slug-${i}`);
      // The key in use stays counted however many others come.
      if (i % 1_000 === 0) await expect(rejection(limiter.consume("198.51.100.4"))).resolves.toBeInstanceOf(RateLimiterRes);
    }
    const [usage] = boundedCacheUsage().filter((cache) => cache.name === "rate-limit-counters:install");
    expect(usage!.bytes).toBeLessThanOrEqual(usage!.maxBytes);
    expect(usage!.entries).toBeLessThan(5_000);
    expect(await limiter.get("2001:db8:0::1 some-app-slug-0")).toBeNull();
    expect(await limiter.get("2001:db8:1387::1 some-app-slug-4999")).toMatchObject({ consumedPoints: 1 });
  });

  it("keeps each policy's counters apart", async () => {
    const install = memoryLimiter(policy);
    const reads = memoryLimiter({ name: "publicRead", points: 5, seconds: 60 });
    await install.consume("198.51.100.5");
    expect(await reads.get("198.51.100.5")).toBeNull();
  });
});
