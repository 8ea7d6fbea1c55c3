import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import { eq, like } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";

import { createPgliteClient } from "@/db/pglite";
import * as schema from "@/db/schema";
import { RATE_LIMIT_KEYS_PER_48 } from "@/lib/core/client-address";
import { log } from "@/lib/core/log";
import { environmentForBlock } from "@/test/support/environment";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { consume, failureStanding, RateLimitedError, recordFailure } from "./limiter";

// The limiter as it runs on a database server (rate-limiter-flexible's Drizzle store, since
// DATABASE_URL is set), with the database under the test's control: unreachable, broken, or an
// in-memory PGlite standing in for the server. The route-level tests are app/api/rate-limits.test.ts.

const database = vi.hoisted(() => ({ open: (): Promise<unknown> => Promise.reject(new Error("not opened by the test")) }));
vi.mock("@/db/client", () => ({ getDb: () => database.open() }));

environmentForBlock({
  RATE_LIMITS: "on",
  DATABASE_URL: "postgres://rate-limit-store.invalid/marketplace",
  RATE_LIMIT_PUBLIC_READ: "3/1m",
  RATE_LIMIT_AUTH_FAILURE: "2/5m",
});

// One in-memory PGlite: without the rate_limits table at first (a store that fails mid-query), migrated for the last tests.
let client: PGlite;
let store: ReturnType<typeof drizzle<typeof schema>>;
beforeAll(async () => {
  client = await createPgliteClient("memory://");
  store = drizzle({ client, schema });
});
afterAll(() => client.close());

const WARNING = "rate limiter store unreachable; serving requests without limits";
let warn: MockInstance<typeof log.warn>;
beforeEach(() => {
  forgetProcessCaches();
  warn = vi.spyOn(log, "warn").mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
const warnings = () => warn.mock.calls.filter(([message]) => message === WARNING).length;

describe("when the store is unreachable", () => {
  it("serves every request (fail open) and warns at most once a minute", async () => {
    database.open = () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:5432"));
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-23T12:00:00Z").getTime();
    vi.setSystemTime(start);
    for (let i = 0; i < 5; i++) expect(await consume("publicRead", "198.51.100.1")).toBeNull();
    await expect(recordFailure("authFailure", "198.51.100.1")).resolves.toBeUndefined();
    await expect(failureStanding("authFailure", "198.51.100.1")).resolves.toBeNull();
    expect(warnings()).toBe(1);

    vi.setSystemTime(start + 59_000);
    expect(await consume("publicRead", "198.51.100.1")).toBeNull();
    expect(warnings()).toBe(1);

    vi.setSystemTime(start + 60_000);
    expect(await consume("publicRead", "198.51.100.1")).toBeNull();
    expect(warnings()).toBe(2);
  });

  it("serves requests when the store fails mid-query", async () => {
    database.open = async () => store; // not migrated yet: no rate_limits table
    expect(await consume("publicRead", "198.51.100.2")).toBeNull();
    await expect(recordFailure("authFailure", "198.51.100.2")).resolves.toBeUndefined();
    await expect(failureStanding("authFailure", "198.51.100.2")).resolves.toBeNull();
    expect(warnings()).toBe(1);
  });
});

describe("once the store is back", () => {
  beforeAll(() => migrate(store, { migrationsFolder: path.join(process.cwd(), "db", "migrations") }));

  it("counts again: a store that failed to open is tried again on the next request", async () => {
    let opened = 0;
    database.open = async () => {
      if (++opened === 1) throw new Error("connect ECONNREFUSED 10.0.0.5:5432");
      return store;
    };
    expect(await consume("publicRead", "198.51.100.3")).toBeNull();
    const remaining = [];
    for (let i = 0; i < 3; i++) remaining.push((await consume("publicRead", "198.51.100.3"))?.remaining);
    expect(remaining).toEqual([2, 1, 0]);
    await expect(consume("publicRead", "198.51.100.3")).rejects.toBeInstanceOf(RateLimitedError);
    expect(warnings()).toBe(1);
  });

  it("counts an address's failed authentications and says how it stands against the quota", async () => {
    database.open = async () => store;
    expect(await failureStanding("authFailure", "198.51.100.4")).toBeNull();
    await recordFailure("authFailure", "198.51.100.4");
    await recordFailure("authFailure", "198.51.100.4");
    await recordFailure("authFailure", "198.51.100.4");
    const standing = await failureStanding("authFailure", "198.51.100.4");
    expect(standing).toMatchObject({ failures: 3, quota: 2 });
    expect(standing?.tooMany).toBeInstanceOf(RateLimitedError);
    expect(standing?.tooMany.state).toMatchObject({ policy: { name: "authFailure", points: 2, seconds: 300 }, remaining: 0 });
    expect(standing?.tooMany.state.resetSeconds).toBeGreaterThan(0);
    expect(await failureStanding("authFailure", "198.51.100.5")).toBeNull();
  });
});

describe("a key over its quota", () => {
  beforeAll(() => migrate(store, { migrationsFolder: path.join(process.cwd(), "db", "migrations") }));

  const pointsOf = async (key: string) =>
    (await store.select().from(schema.rateLimits).where(eq(schema.rateLimits.key, key))).map((row) => row.points);

  it("is refused without a write to the store, until its window resets", async () => {
    database.open = async () => store;
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T12:00:00Z") });
    for (let i = 0; i < 3; i++) await consume("publicRead", "198.51.100.20");
    const refusals = await Promise.allSettled(Array.from({ length: 50 }, () => consume("publicRead", "198.51.100.20")));
    expect(refusals.every((refusal) => refusal.status === "rejected" && refusal.reason instanceof RateLimitedError)).toBe(true);
    const refused = (refusals[0] as PromiseRejectedResult).reason as RateLimitedError;
    expect(refused.state).toMatchObject({ remaining: 0, resetSeconds: 60 });
    expect(await pointsOf("publicRead:198.51.100.20")).toEqual([3]);
    // Once the window has passed, the key counts again from the store.
    vi.setSystemTime(new Date("2026-11-28T12:01:01Z"));
    expect(await consume("publicRead", "198.51.100.20")).toMatchObject({ remaining: 2 });
    expect(await pointsOf("publicRead:198.51.100.20")).toEqual([1]);
  });

  it("costs another instance one refused write, the first: it learns from the store's refusal", async () => {
    database.open = async () => store;
    for (let i = 0; i < 3; i++) await consume("publicRead", "198.51.100.21");
    forgetProcessCaches(); // another process: the same store, nothing remembered
    database.open = async () => store;
    for (let i = 0; i < 10; i++) await expect(consume("publicRead", "198.51.100.21")).rejects.toBeInstanceOf(RateLimitedError);
    expect(await pointsOf("publicRead:198.51.100.21")).toEqual([4]);
  });

  it(`counts the /64s of one IPv6 /48 in at most ${RATE_LIMIT_KEYS_PER_48} rows`, async () => {
    database.open = async () => store;
    for (let i = 0; i < 200; i++) await consume("publicRead", `2001:db8:99:${i.toString(16)}::/64`).catch(() => null);
    const rows = await store.select().from(schema.rateLimits).where(like(schema.rateLimits.key, "publicRead:2001:db8:99:%"));
    expect(rows.map((row) => row.key).sort()).toEqual(
      Array.from({ length: RATE_LIMIT_KEYS_PER_48 }, (_, bucket) => `publicRead:2001:db8:99::/48#${bucket}`).sort(),
    );
    // A key with an app after the client (an install's) is counted the same way.
    await consume("install", "2001:db8:99:1::/64 some-app");
    expect((await store.select().from(schema.rateLimits).where(like(schema.rateLimits.key, "install:%"))).map((row) => row.key)).toEqual([
      expect.stringMatching(/^install:2001:db8:99::\/48#\d+ some-app$/),
    ]);
  });
});
