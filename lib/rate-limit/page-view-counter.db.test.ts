import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";

import { getDb, queryRows, type Executor } from "@/db/client";
import { BoundedCache, KiB } from "@/lib/core/bounded-cache";
import { log } from "@/lib/core/log";

import { PAGE_COUNT_BYTES, PageViewCounter, type PageCount } from "./page-view-counter";
import type { Policy } from "./policies";

// The page counter as instances run it on a database server, over this file's database (PGlite, or
// the test server with TEST_DATABASE_URL): each counter here is one instance, with counts of its
// own, and the database is the only thing they share. Every statement sent to the database is
// counted where it leaves for it: postgres.js's debug hook on a server, PGlite's query() in process.

let database: Executor;
let statements = 0;
let closeDatabase: () => Promise<void> = async () => {};

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    // Without fetch_types postgres.js sends nothing of its own on connecting: every statement is the counter's.
    const client = postgres(url, { max: 2, fetch_types: false, onnotice: () => {}, debug: () => void statements++ });
    database = drizzlePostgres({ client }) as unknown as Executor;
    closeDatabase = () => client.end({ timeout: 5 });
  } else {
    const pglite = ((await getDb()) as unknown as { $client: PGlite }).$client;
    const counted = new Proxy(pglite, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (property !== "query" || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
        return (...args: unknown[]) => {
          statements++;
          return (value as (...rest: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    database = drizzlePglite({ client: counted }) as unknown as Executor;
  }
});
afterAll(() => closeDatabase());

let warn: MockInstance<typeof log.warn>;
beforeEach(() => {
  statements = 0;
  warn = vi.spyOn(log, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

let clients = 0;
/** A client address no other test counts. */
const newClient = () => `198.51.100.${++clients}`;

/** One instance's counter: its own counts, the shared database. */
function instance(policy: Policy, options: { intervalMs?: number; database?: () => Promise<Executor> } = {}) {
  return new PageViewCounter({
    policy,
    counts: new BoundedCache<string, PageCount>(64 * KiB, () => PAGE_COUNT_BYTES),
    database: options.database ?? (async () => database),
    intervalMs: options.intervalMs ?? 60_000,
  });
}

const pages = (points: number): Policy => ({ name: "pages", points, seconds: 300 });

async function storedPoints(client: string): Promise<number | undefined> {
  const rows = await queryRows<{ points: number }>(await getDb(), sql`select points from rate_limits where key = ${`pages:${client}`}`);
  return rows[0] === undefined ? undefined : Number(rows[0].points);
}

/** `views` views of `client`: how many were served. */
function view(counter: PageViewCounter, client: string, views: number): number {
  let served = 0;
  for (let i = 0; i < views; i++) if (!counter.count(client).limited) served++;
  return served;
}

describe("a page view counter", () => {
  it("decides each view at once, refuses past the quota, and sends only the views it served", async () => {
    const counter = instance(pages(40));
    const client = newClient();
    const remaining = Array.from({ length: 40 }, () => counter.count(client).state.remaining);
    expect(remaining).toEqual(Array.from({ length: 40 }, (_, i) => 39 - i));
    const refused = counter.count(client);
    expect(refused).toMatchObject({ limited: true, state: { policy: { name: "pages", points: 40, seconds: 300 }, remaining: 0 } });
    expect(refused.state.resetSeconds).toBeGreaterThan(295);
    expect(refused.state.resetSeconds).toBeLessThanOrEqual(300);
    await counter.flush();
    expect(await storedPoints(client)).toBe(40);
    // Refused views cost nothing: no count, no statement.
    const sent = statements;
    expect(view(counter, client, 50)).toBe(0);
    await counter.flush();
    expect(statements).toBe(sent);
    expect(await storedPoints(client)).toBe(40);
  });

  it("shares the quota between instances: each learns the others' counts at its next flush", async () => {
    const [first, second] = [instance(pages(100)), instance(pages(100))];
    const client = newClient();
    expect(view(first, client, 60)).toBe(60);
    await first.flush();
    // The second instance has counted nothing of this client yet: its first view is decided on its own counts.
    expect(second.count(client).state.remaining).toBe(99);
    await second.flush();
    expect(await storedPoints(client)).toBe(61);
    expect(second.count(client).state.remaining).toBe(38);
    expect(view(second, client, 100)).toBe(38);
    await second.flush();
    expect(await storedPoints(client)).toBe(100);
    // The first knows the total at its next flush: one view over the quota (within the tolerance), then refused.
    expect(first.count(client).limited).toBe(false);
    await first.flush();
    expect(await storedPoints(client)).toBe(101);
    expect(first.count(client).limited).toBe(true);
    expect(second.count(client).limited).toBe(true);
  });

  it("sends one client's views in at most one statement per twentieth of its quota", async () => {
    // A quota of 1,000: a flush at once for every 50 unsent views; the interval never comes.
    const counter = instance(pages(1_000));
    const client = newClient();
    for (let i = 0; i < 400; i++) {
      expect(counter.count(client).limited).toBe(false);
      // The next view arrives after whatever the last one set going (a flush's answer, say).
      await new Promise((resolve) => setImmediate(resolve));
    }
    await counter.flush();
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(400 / 50 + 1);
    expect(await storedPoints(client)).toBe(400);
  });

  it("sends the views of many clients in one statement per flush interval", async () => {
    const counter = instance(pages(1_000), { intervalMs: 100 });
    const many = Array.from({ length: 200 }, newClient);
    for (let round = 0; round < 5; round++) for (const client of many) expect(counter.count(client).limited).toBe(false);
    expect(statements).toBe(0);
    await vi.waitFor(async () => expect(await storedPoints(many.at(-1)!)).toBe(5), { timeout: 5_000, interval: 50 });
    expect(statements).toBe(1);
    for (const client of many) expect(await storedPoints(client)).toBe(5);
  });

  it("keeps deciding from its own counts while the database fails, and sends them once it is back", async () => {
    let down = true;
    const counter = instance(pages(10), {
      database: async () => {
        if (down) throw Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
        return database;
      },
    });
    const client = newClient();
    expect(view(counter, client, 6)).toBe(6);
    await counter.flush();
    expect(view(counter, client, 10)).toBe(4);
    await counter.flush();
    expect(counter.count(client)).toMatchObject({ limited: true, state: { remaining: 0 } });
    // Logged once, not per failed flush.
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      "page view counts not sent to the database; counting on in this process, retrying",
    ]);
    expect(await storedPoints(client)).toBeUndefined();

    down = false;
    await counter.flush();
    expect(await storedPoints(client)).toBe(10);
    expect(counter.count(client).limited).toBe(true);
  });

  it("holds its counts within its budget in bytes", () => {
    const counts = new BoundedCache<string, PageCount>(64 * KiB, () => PAGE_COUNT_BYTES);
    const counter = new PageViewCounter({ policy: pages(5), counts });
    for (let i = 0; i < 5_000; i++) counter.count(`2001:db8:${i.toString(16)}::/48#${i % 16}`);
    expect(counts.bytes).toBeLessThanOrEqual(64 * KiB);
    expect(counts.size).toBeGreaterThan(200);
    expect(counts.size).toBeLessThan(5_000);
  });
});
