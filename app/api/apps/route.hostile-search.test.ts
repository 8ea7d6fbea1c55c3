import { sql } from "drizzle-orm";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb, queryRows } from "@/db/client";
import { env } from "@/lib/core/env";
import { insertApps } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";
import { call } from "@/test/support/http";

import * as listApps from "./route";

// GET /api/apps?search= against searches made to cost the database (issue 42): one-letter words
// are whole words, not prefixes; punctuation never makes a search new; a client's searches that
// no process remembers are budgeted; a whole search has one time budget.

const search = (text: string, clientAddress = "198.51.100.7") =>
  call(listApps.GET, { path: `/api/apps?search=${encodeURIComponent(text)}`, clientAddress });

const names = async (text: string): Promise<string[]> => {
  const res = await search(text);
  expect(res.status).toBe(200);
  return res.body.data.map((app: { name: string }) => app.name);
};

beforeAll(async () => {
  const developer = await insertDeveloper();
  await insertApps(developer, [
    { name: "AI Notes", installCount: 3 },
    { name: "Aardvark Planner", installCount: 2 },
    { name: "Abacus Books", installCount: 1 },
    { name: "The Other" },
    { name: "Quartz Planner" },
    { name: "Quartz Notes" },
  ]);
});

describe("words", () => {
  it("of one or two characters match whole words only; from three, prefixes", async () => {
    expect(await names("a")).toEqual([]);
    expect(await names("ab")).toEqual([]);
    expect(await names("ai")).toEqual(["AI Notes"]);
    expect(await names("aar")).toEqual(["Aardvark Planner"]);
    expect(await names("aba")).toEqual(["Abacus Books"]);
  });

  it("are the same search whatever the punctuation: a name is found by its words", async () => {
    expect(await names("the-other!")).toEqual(["The Other"]);
    expect(await names("THE OTHER")).toEqual(["The Other"]);
    expect(await names("aardvark,,planner")).toEqual(await names("aardvark planner"));
  });
});

describe("a client's searches that no process remembers", () => {
  // A point per search whatever it takes (the charge in time is lib/catalogue/search/admission.test.ts's).
  environmentForBlock({ RATE_LIMITS: "on", RATE_LIMIT_SEARCH: "2/1m", RATE_LIMIT_PUBLIC_READ: "1000/1m", SEARCH_POINT_MS: "600000" });
  const client = "198.51.100.20";

  it("are counted once per search however it is punctuated, then refused 429 while others and list reads are served", async () => {
    expect((await search("quartz", client)).status).toBe(200);
    // Remembered under its words: not a second search.
    expect((await search("Quartz!!", client)).status).toBe(200);
    expect((await search("  quartz; ", client)).status).toBe(200);
    expect((await search("quartz planner", client)).status).toBe(200);

    const refused = await search("quartz notes", client);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    expect((await search("quartz notes", "198.51.100.21")).status).toBe(200);
    expect((await call(listApps.GET, { path: "/api/apps", clientAddress: client })).status).toBe(200);
    // Remembered searches still answer.
    expect((await search("QUARTZ", client)).status).toBe(200);
  });

  it("are refused without a write to the limits' table", async (context) => {
    if (env().DATABASE_URL === undefined) return context.skip();
    const refusedClient = "198.51.100.22";
    for (const text of ["aardvark", "abacus"]) expect((await search(text, refusedClient)).status).toBe(200);
    const db = await getDb();
    const table = async () => queryRows(db, sql`select key, points, expire from rate_limits where key like 'search%' order by key`);
    const before = await table();
    for (const text of ["abacus books", "ai notes", "notes ai"]) {
      expect((await search(text, refusedClient)).status).toBe(429);
    }
    expect(await table()).toEqual(before);
  });
});

describe("one time budget for the whole search", () => {
  describe("of 1 ms", () => {
    environmentForBlock({ SEARCH_BUDGET_MS: "1" });

    it("a search past it is 503 service_unavailable with Retry-After", async () => {
      const res = await search("planner");
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("service_unavailable");
      expect(res.body.detail).toMatch(/^the search took longer than its 1 ms/);
      expect(res.headers.get("retry-after")).toBe("5");
    });
  });

  describe("of 200 ms, on a database server", () => {
    environmentForBlock({ SEARCH_BUDGET_MS: "200" });

    it("bounds the page's statement too: a search the database cannot answer is refused at the budget, not at the statement timeout", async (context) => {
      if (env().DATABASE_URL === undefined) return context.skip();
      const locker = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {} });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let markHeld!: () => void;
      const held = new Promise<void>((resolve) => (markHeld = resolve));
      const hold = locker.begin(async (tx) => {
        await tx`lock table apps in access exclusive mode`;
        markHeld();
        await released;
      });
      try {
        await held;
        const started = performance.now();
        const res = await search("notes planner");
        const ms = performance.now() - started;
        expect(res.status).toBe(503);
        expect(res.body.code).toBe("service_unavailable");
        expect(res.body.detail).toMatch(/^the search took longer than its 200 ms/);
        expect(ms).toBeLessThan(1_500);
      } finally {
        release();
        await hold;
        await locker.end();
      }
      expect(await names("quartz planner")).toEqual(["Quartz Planner"]);
    });
  });
});
