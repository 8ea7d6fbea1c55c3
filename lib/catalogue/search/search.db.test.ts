import { eq, sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";

import { connect, disconnect, getDb, queryRows } from "@/db/client";
import { apps, type App } from "@/db/schema";
import { parseSearch } from "../search-words";
import { env } from "@/lib/core/env";
import { environmentForBlock } from "@/test/support/environment";
import { insertApp, insertApps, setAppStatus } from "@/test/support/apps";
import { insertDeveloper, setDeveloperStatus } from "@/test/support/developers";
import type { PublicSort } from "../schemas";

import * as listApps from "@/app/api/apps/route";
import { call } from "@/test/support/http";

import { catalogueQuery, type CatalogueFilters } from "./query";
import { searchCatalogue } from "./search";
import { countMatches } from "./totals";

// The catalogue search against a plain reference: one unoptimised SQL statement that ranks every
// match, which the search's LIMITs per tier and its remembered totals must agree with, on any
// catalogue, through writes of every kind. Then what must never crash or wedge a process.

type Options = { filters?: CatalogueFilters; sort?: PublicSort; offset?: number; limit?: number };

async function search(text: string, { filters = {}, sort = "relevance", offset = 0, limit = 20 }: Options = {}) {
  const { version: _version, ...page } = await searchCatalogue({ search: parseSearch(text), filters, sort, offset, limit });
  return page;
}

/** Every match ranked by one ORDER BY, cut by OFFSET/LIMIT, and counted: what the search must answer. */
async function reference(text: string, { filters = {}, sort = "relevance", offset = 0, limit = 20 }: Options = {}) {
  const query = catalogueQuery(parseSearch(text), filters);
  const any = sql`catalogue_query(${sql.param(query.words)}::text[], 'listing')`;
  const name = sql`catalogue_query(${sql.param(query.words)}::text[], 'name')`;
  const exact = sql`lower(name) = lower(${query.text}::text)`;
  const orders: Record<PublicSort, SQL> = {
    relevance: sql`case when ${exact} then 0 when name_document @@ ${name} then 1 else 2 end, active_install_count desc, id`,
    popular: sql`active_install_count desc, id`,
    rating: sql`average_rating desc nulls last, review_count desc, id`,
    newest: sql`published_at desc nulls last, id`,
    name: sql`lower(name), id`,
  };
  const where = sql`public and (search_document @@ ${any} or ${exact})
    and (${filters.category ?? null}::app_category is null or category = ${filters.category ?? null}::app_category)
    and (${filters.environment ?? null}::app_environment is null or environment = ${filters.environment ?? null}::app_environment)
    and (${filters.featured ?? null}::boolean is null or featured = ${filters.featured ?? null}::boolean)`;
  const db = await getDb();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from apps where ${where} order by ${orders[sort]} offset ${offset} limit ${limit}`,
  );
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from apps where ${where}`);
  return { ids: rows.map((row) => row.id), total: counted!.total, totalIsExact: true };
}

describe("searchCatalogue on any text", () => {
  beforeAll(async () => {
    const developer = await insertDeveloper();
    await insertApp(developer, { name: "Ünïcödé Café 日本語 Sync", description: "Naïve façade: e-mail & 2fa, l'été." });
  });

  it("answers every search the API accepts, with a page within its total", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }), fc.string({ unit: "binary", minLength: 1, maxLength: 40 })),
        async (text) => {
          const page = await search(text);
          expect(page.ids.length).toBeLessThanOrEqual(Math.min(page.total, 20));
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each([["café"], ["CAFÉ sync"], ["日本語"], ["2fa"], ["e mail"], ["naïve façade"]])("finds the app by %j", async (text) => {
    expect((await search(text)).total).toBe(1);
  });
});

describe("searchCatalogue against its plain reference", () => {
  const NAMES = ["Alpha", "alpha", "Beta Tools", "Gamma Sync", "Alphabet Soup", "The And", "Ünïcode Alps"];
  const TEXTS = ["alpha tools", "betting on gamma", "syncing alps", "nothing here", "the alphabet of beta"];
  const SEARCHES = ["alpha", "ALPHA", "alp", "beta tools", "gam", "sync", "alphabet soup", "the and", "tools alp", "zzz", "the"];
  const appFields = fc.record({
    name: fc.constantFrom(...NAMES),
    description: fc.constantFrom(...TEXTS),
    longDescription: fc.option(fc.constantFrom(...TEXTS), { nil: null }),
    category: fc.constantFrom("PRODUCTIVITY" as const, "FINANCE" as const),
    environment: fc.constantFrom("production" as const, "staging" as const),
    featured: fc.boolean(),
    installCount: fc.nat(3),
    reviewCount: fc.nat(2),
    ratingSum: fc.nat(10),
    status: fc.constantFrom("APPROVED" as const, "APPROVED" as const, "PENDING" as const),
  });
  const options = fc.record({
    filters: fc.record(
      {
        category: fc.constantFrom("PRODUCTIVITY" as const, "FINANCE" as const),
        environment: fc.constantFrom("production" as const, "staging" as const),
        featured: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    sort: fc.constantFrom<PublicSort>("relevance", "popular", "rating", "newest", "name"),
    offset: fc.nat(12),
    limit: fc.integer({ min: 1, max: 6 }),
  });
  const write = fc.record({
    index: fc.nat(39),
    change: fc.oneof(
      appFields.map((fields) => ({
        kind: "update" as const,
        fields: { ...fields, ratingSum: Math.min(fields.ratingSum, fields.reviewCount * 5) },
      })),
      fc.constant({ kind: "delete" as const }),
      fc.constant({ kind: "suspend developer" as const }),
    ),
  });

  let developers: string[] = [];
  let catalogue: App[] = [];
  beforeAll(async () => {
    developers = [(await insertDeveloper()).id, (await insertDeveloper()).id];
    const fields = fc.sample(appFields, { numRuns: 40, seed: 20261125 });
    catalogue = [];
    for (const [index, each] of fields.entries()) {
      const [app] = await insertApps({ id: developers[index % 2]! }, [
        { ...each, ratingSum: Math.min(each.ratingSum, each.reviewCount * 5) },
      ]);
      catalogue.push(app!);
    }
  });

  it("finds, counts, orders and pages exactly as the reference, through writes that change what matches", async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...SEARCHES), options), { minLength: 1, maxLength: 4 }),
        fc.option(write),
        async (searches, change) => {
          if (change) {
            const app = catalogue[change.index % catalogue.length]!;
            if (change.change.kind === "update") await db.update(apps).set(change.change.fields).where(eq(apps.id, app.id));
            if (change.change.kind === "delete") await db.delete(apps).where(eq(apps.id, app.id));
            if (change.change.kind === "suspend developer") {
              await setDeveloperStatus(app.developerId, "SUSPENDED");
              await setDeveloperStatus(app.developerId, "VERIFIED");
            }
          }
          for (const [text, each] of searches) expect(await search(text, each)).toEqual(await reference(text, each));
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe("a longer word typed after a name's word", () => {
  beforeAll(async () => {
    const developer = await insertDeveloper();
    await insertApp(developer, { name: "Quillon Sync", description: "Notes." });
    await insertApp(developer, { name: "Quillon Notes", description: "Keeps every quillon note in sync." });
  });

  it("finds the name's word, not the same word elsewhere in a listing", async () => {
    const db = await getDb();
    const { ids } = await search("quillon synchron");
    const found = await queryRows<{ name: string }>(db, sql`select name from apps where id = any(${sql.param(ids)}::uuid[])`);
    expect(found.map((row) => row.name)).toEqual(["Quillon Sync"]);
  });

  it("is a tsquery of the prefix and of each stem from 4 to 24 letters, marked in the listing's document", async () => {
    const db = await getDb();
    const [row] = await queryRows<{ listing: string; name: string; long: number }>(
      db,
      sql`select catalogue_query(array['synchro'], 'listing')::text as listing, catalogue_query(array['synchro'], 'name')::text as name,
                 numnode(catalogue_query(array[${"a".repeat(100)}::text], 'listing'))::int as long`,
    );
    expect(row).toEqual({
      listing: "'synchro':* | '§sync' | '§synch' | '§synchr'",
      name: "'synchro':* | 'sync' | 'synch' | 'synchr'",
      // The prefix once and 21 stems: 22 terms joined by 21 ORs.
      long: 43,
    });
  });
});

describe("words of one or two characters", () => {
  it("are whole words in the tsquery, never prefixes: a prefix of one letter matched thousands of lexemes", async () => {
    const db = await getDb();
    const [row] = await queryRows<{ short: string; long: string }>(
      db,
      sql`select catalogue_query(array['a', 'ai'], 'listing')::text as short, catalogue_query(array['aar'], 'listing')::text as long`,
    );
    expect(row).toEqual({ short: "'a' & 'ai'", long: "'aar':*" });
  });
});

describe("totals", () => {
  beforeAll(async () => {
    const developer = await insertDeveloper();
    await insertApps(
      developer,
      Array.from({ length: 6 }, (_, i) => ({ name: `Saffron ${i}`, installCount: i })),
    );
  });

  it("are exact up to the bound, and the bound with isExact false beyond it", async () => {
    const db = await getDb();
    const query = catalogueQuery(parseSearch("saffron"), {});
    expect(await countMatches(db, query, { upTo: 6 })).toMatchObject({
      total: { total: 6, isExact: true },
      inName: { total: 6, isExact: true },
    });
    expect(await countMatches(db, query, { upTo: 5 })).toMatchObject({
      total: { total: 5, isExact: false },
      inName: { total: 5, isExact: false },
    });
    expect(await countMatches(db, query, { upTo: 6, inName: false })).not.toHaveProperty("inName");
    expect(await search("saffron", { limit: 2 })).toMatchObject({ total: 6, totalIsExact: true });
  });

  it("are exact up to the 1,000 results a search pages through, and 1,000 with totalIsExact false beyond", async () => {
    const developer = await insertDeveloper();
    await insertApps(
      developer,
      Array.from({ length: 1_000 }, (_, i) => ({ name: `Kestrel Fold ${i}` })),
    );
    const path = "/api/apps?search=kestrel%20fold&limit=20";
    const atTheBound = await call(listApps.GET, { path });
    expect(atTheBound.status).toBe(200);
    expect(atTheBound.body.pagination).toEqual({ page: 1, limit: 20, total: 1_000, totalPages: 50, totalIsExact: true });
    await insertApp(developer, { name: "Kestrel Fold 1000" });
    const beyond = await call(listApps.GET, { path });
    expect(beyond.status).toBe(200);
    expect(beyond.body.pagination).toEqual({ page: 1, limit: 20, total: 1_000, totalPages: 50, totalIsExact: false });
    expect(beyond.body.data).toHaveLength(20);
  });

  it("follow every change a search can see, at once: approval, unpublishing, a developer's status, text, filters, deletes", async () => {
    const developer = await insertDeveloper();
    const app = await insertApp(developer, { name: "Quokka Planner", status: "PENDING" });
    const total = async (text = "quokka", filters: CatalogueFilters = {}) => (await search(text, { filters })).total;
    expect(await total()).toBe(0);
    await setAppStatus(app.id, "APPROVED");
    expect(await total()).toBe(1);
    await setAppStatus(app.id, "UNPUBLISHED");
    expect(await total()).toBe(0);
    await setAppStatus(app.id, "APPROVED");
    await setDeveloperStatus(developer.id, "SUSPENDED");
    expect(await total()).toBe(0);
    await setDeveloperStatus(developer.id, "VERIFIED");
    expect(await total()).toBe(1);
    const db = await getDb();
    await db.update(apps).set({ longDescription: "Now with walrus tracking." }).where(eq(apps.id, app.id));
    expect(await total("walrus")).toBe(1);
    await db.update(apps).set({ name: "Marmalade Planner" }).where(eq(apps.id, app.id));
    expect(await total()).toBe(0);
    expect(await total("marmalade")).toBe(1);
    expect(await total("marmalade", { category: "FINANCE" })).toBe(0);
    await db.update(apps).set({ category: "FINANCE" }).where(eq(apps.id, app.id));
    expect(await total("marmalade", { category: "FINANCE" })).toBe(1);
    await db.delete(apps).where(eq(apps.id, app.id));
    expect(await total("marmalade")).toBe(0);
  });

  it("are not invalidated by installs and reviews, whose counters change only the order", async () => {
    const developer = await insertDeveloper();
    const [first, second] = await insertApps(developer, [
      { name: "Tundra One", installCount: 2 },
      { name: "Tundra Two", installCount: 1 },
    ]);
    const db = await getDb();
    const version = async () => (await queryRows<{ version: string }>(db, sql`select version from catalogue_version`))[0]!.version;
    expect((await search("tundra", { sort: "popular" })).ids).toEqual([first!.id, second!.id]);
    const before = await version();
    await db.update(apps).set({ installCount: 5, activeInstallCount: 5, reviewCount: 1, ratingSum: 4 }).where(eq(apps.id, second!.id));
    expect(await version()).toBe(before);
    expect((await search("tundra", { sort: "popular" })).ids).toEqual([second!.id, first!.id]);
  });
});

/** A transaction on another connection that does `first` and then waits: `held` once it has, until `release()`. */
function holding(connection: postgres.Sql, first: (tx: postgres.TransactionSql) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  const hold = connection.begin(async (tx) => {
    await first(tx);
    markHeld();
    await released;
  });
  return { hold, held, release };
}

describe("what must not crash or wedge a process", () => {
  it("a bulk update of every app, then a search", async () => {
    const developer = await insertDeveloper();
    await insertApps(
      developer,
      Array.from({ length: 2_000 }, (_, i) => ({ name: `Bulk Walrus ${i}`, description: "Before the update." })),
    );
    const db = await getDb();
    await db.execute(sql`update apps set description = 'Obsidian ' || name where name like 'Bulk Walrus %'`);
    expect(await search("obsidian walrus", { limit: 5 })).toMatchObject({ total: 1_000, totalIsExact: false });
    expect((await search("obsidian walrus", { limit: 5 })).ids).toHaveLength(5);
  });

  it("thousands of unique long words", async () => {
    for (let i = 0; i < 1_000; i++) {
      const word = Array.from({ length: 100 }, (_, at) => "abcdefghijklmnopqrstuvwxyz"[(i * 7 + at * at) % 26]).join("");
      expect((await search(`${word} ${i}`, { limit: 1 })).total).toBe(0);
    }
  }, 120_000);

  describe("on a database server (PGlite has one connection and no statement timeout)", () => {
    const onServer = () => env().DATABASE_URL !== undefined;

    it("a terminated backend: the next search reconnects", async (context) => {
      if (!onServer()) return context.skip();
      expect((await search("anything")).total).toBe(0);
      const admin = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
      } finally {
        await admin.end();
      }
      let answered: number | undefined;
      for (let attempt = 0; attempt < 3 && answered === undefined; attempt++) {
        answered = await search("anything").then(
          (page) => page.total,
          () => undefined,
        );
      }
      expect(answered).toBe(0);
    });

    it("a long-held write transaction elsewhere does not slow a search", async (context) => {
      if (!onServer()) return context.skip();
      const developer = await insertDeveloper();
      const app = await insertApp(developer, { name: "Nebula Writer" });
      const other = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {} });
      const { hold, held, release } = holding(other, (tx) => tx`update apps set description = 'Held.' where id = ${app.id}`);
      try {
        await held;
        const started = performance.now();
        expect((await search("nebula")).total).toBe(1);
        expect(performance.now() - started).toBeLessThan(2_000);
      } finally {
        release();
        await hold;
        await other.end();
      }
    });
  });

  describe("with a 1 ms budget for counting", () => {
    environmentForBlock({ SEARCH_COUNT_BUDGET_MS: "1" });

    it("a total the database cannot count in time is the lower bound the page proves", async (context) => {
      if (env().DATABASE_URL === undefined) return context.skip();
      const developer = await insertDeveloper();
      await insertApps(
        developer,
        Array.from({ length: 3_000 }, (_, i) => ({ name: `Basalt Heron ${i}`, description: "Counted slowly." })),
      );
      expect(await search("basalt heron", { offset: 20, limit: 5 })).toMatchObject({ total: 25, totalIsExact: false });
      // The lower bound stands for 30 s, and grows with what later pages prove.
      expect(await search("basalt heron", { offset: 40, limit: 10 })).toMatchObject({ total: 50, totalIsExact: false });
      const res = await call(listApps.GET, { path: "/api/apps?search=basalt%20heron&limit=10" });
      expect(res.status).toBe(200);
      expect(res.body.pagination).toMatchObject({ total: 10, totalIsExact: false });
    });
  });

  describe("with a 300 ms statement timeout", () => {
    environmentForBlock({ DATABASE_STATEMENT_TIMEOUT_MS: "300" });

    it("a search the database cannot answer in time fails fast, as a service outage", async (context) => {
      if (env().DATABASE_URL === undefined) return context.skip();
      await disconnect();
      await connect();
      const locker = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {} });
      const { hold, held, release } = holding(locker, (tx) => tx`lock table apps in access exclusive mode`);
      try {
        await held;
        const started = performance.now();
        const res = await call(listApps.GET, { path: "/api/apps?search=anything" });
        expect(performance.now() - started).toBeLessThan(2_000);
        expect(res.status).toBe(503);
        expect(res.body.code).toBe("service_unavailable");
        expect(res.headers.get("retry-after")).toBe("5");
      } finally {
        release();
        await hold;
        await locker.end();
        await disconnect();
        await connect();
      }
    });
  });
});
