import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { APP_CATEGORIES, APP_ENVIRONMENTS } from "@/lib/domain/enums";

import { Catalogue, compareCodePoints, smallest, type CatalogueApp, type CatalogueQuery, type Lead } from "./catalogue";
import { parseTsQuery, type TsQuery } from "./tsquery";

// The catalogue on its own, with queries written as Postgres normalises them; how it is kept in
// step with the database, and that it agrees with the SQL lists, is tested in sync.db.test.ts.

let sequence = 0;
function app(overrides: Partial<CatalogueApp> & { lexemes: string[] }): CatalogueApp {
  sequence++;
  const name = overrides.name ?? `App ${sequence}`;
  return {
    id: `00000000-0000-0000-0000-${String(sequence).padStart(12, "0")}`,
    name,
    nameKey: name.toLowerCase(),
    category: "PRODUCTIVITY",
    environment: "production",
    featured: false,
    installCount: 0,
    reviewCount: 0,
    averageRating: null,
    publishedAt: 0,
    fingerprint: sequence,
    nameLexemes: [],
    ...overrides,
  };
}

const word = (anyField: string, nameOnly = anyField.replace(/'(:\*)?(?=\s|$)/g, "'$1A")) => ({
  anyField: parseTsQuery(anyField),
  nameOnly: parseTsQuery(nameOnly),
});

const EMPTY_QUERY: CatalogueQuery = { words: [], text: "", filters: {}, sort: "relevance", offset: 0, limit: 20 };

function query(overrides: Partial<CatalogueQuery>): CatalogueQuery {
  return { ...EMPTY_QUERY, ...overrides };
}

describe("Catalogue.search", () => {
  const catalogue = new Catalogue(APP_CATEGORIES, APP_ENVIRONMENTS);
  const slackSync = app({ name: "Slack Sync", lexemes: ["slack", "sync"], nameLexemes: ["slack", "sync"], installCount: 5 });
  const tasks = app({ name: "Slack Tasks", lexemes: ["slack", "task", "sync"], nameLexemes: ["slack", "task"], installCount: 50 });
  const mirror = app({
    name: "Mirror",
    lexemes: ["mirror", "slack", "sync"],
    nameLexemes: ["mirror"],
    installCount: 500,
    category: "COMMUNICATION",
  });
  const other = app({ name: "Budget", lexemes: ["budget"], nameLexemes: ["budget"], installCount: 5000 });
  for (const each of [slackSync, tasks, mirror, other]) catalogue.upsert(each);
  const slack = word("'slack':*");
  const sync = word("'sync':*");

  it("matches every word as a prefix, ranks the exact name, then names holding the words, then by installs", () => {
    expect(catalogue.search(query({ words: [slack, sync], text: "Slack Sync" }))).toEqual({
      ids: [slackSync.id, mirror.id, tasks.id],
      total: 3,
    });
    expect(catalogue.search(query({ words: [word("'sla':*")], text: "sla" })).ids).toEqual([tasks.id, slackSync.id, mirror.id]);
  });

  it("applies filters to the total and pages through a stable order", () => {
    expect(catalogue.search(query({ words: [slack], text: "slack", filters: { category: "COMMUNICATION" } }))).toEqual({
      ids: [mirror.id],
      total: 1,
    });
    expect(catalogue.search(query({ words: [slack], text: "slack", sort: "popular", offset: 1, limit: 1 }))).toEqual({
      ids: [tasks.id],
      total: 3,
    });
    expect(catalogue.search(query({ words: [slack], text: "slack", sort: "popular", offset: 3 }))).toEqual({ ids: [], total: 3 });
  });

  it("updates sort keys in place, re-indexes changed text and forgets removed apps", () => {
    const local = new Catalogue(APP_CATEGORIES, APP_ENVIRONMENTS);
    const a = app({ lexemes: ["alpha"], installCount: 1 });
    const b = app({ lexemes: ["alpha"], installCount: 2 });
    local.upsert(a);
    local.upsert(b);
    local.upsert({ ...a, installCount: 3 });
    expect(local.search(query({ words: [word("'alpha':*")], sort: "popular" })).ids).toEqual([a.id, b.id]);
    local.upsert({ ...a, lexemes: ["beta"], fingerprint: -1 });
    expect(local.search(query({ words: [word("'alpha':*")] })).ids).toEqual([b.id]);
    expect(local.search(query({ words: [word("'beta':*")] })).ids).toEqual([a.id]);
    local.remove(b.id);
    expect(local.search(query({ words: [word("'alpha':*")] })).total).toBe(0);
    expect(local).toMatchObject({ liveApps: 1, deadOrdinals: 2 });
  });

  it("finds an app by its exact name when no word survives normalisation", () => {
    const local = new Catalogue(APP_CATEGORIES, APP_ENVIRONMENTS);
    const the = app({ name: "The Other", lexemes: ["the", "other"] });
    local.upsert(the);
    expect(local.search(query({ words: [{ anyField: undefined, nameOnly: undefined }], text: "THE other" })).ids).toEqual([the.id]);
    expect(local.search(query({ words: [{ anyField: undefined, nameOnly: undefined }], text: "the" })).ids).toEqual([]);
  });

  it("grows past its first capacity", () => {
    const local = new Catalogue(APP_CATEGORIES, APP_ENVIRONMENTS);
    const many = Array.from({ length: 3000 }, (_, i) => app({ lexemes: ["bulk"], installCount: i }));
    for (const each of many) local.upsert(each);
    const page = local.search(query({ words: [word("'bulk':*")], sort: "popular", limit: 3 }));
    expect(page).toEqual({ ids: [many[2999]!.id, many[2998]!.id, many[2997]!.id], total: 3000 });
  });
});

/** The search's meaning, written plainly: every app tested against every word, then sorted and cut. */
function referenceSearch(apps: CatalogueApp[], { words, text, filters, sort, offset, limit }: CatalogueQuery) {
  const holds = (app: CatalogueApp, query: TsQuery): boolean => {
    switch (query.kind) {
      case "term":
        return (query.nameOnly ? app.nameLexemes : app.lexemes).some((each) =>
          query.prefix ? each.startsWith(query.lexeme) : each === query.lexeme,
        );
      case "and":
        return holds(app, query.left) && holds(app, query.right);
      case "or":
        return holds(app, query.left) || holds(app, query.right);
      case "not":
        return !holds(app, query.operand);
    }
  };
  const allWords = (app: CatalogueApp, queries: (TsQuery | undefined)[]) => {
    const present = queries.filter((query) => query !== undefined);
    return present.length > 0 && present.every((query) => holds(app, query));
  };
  const exact = (app: CatalogueApp) => app.name.toLowerCase() === text.toLowerCase();
  const tier = (app: CatalogueApp) =>
    exact(app)
      ? 0
      : allWords(
            app,
            words.map((word) => word.nameOnly),
          )
        ? 1
        : 2;
  const byId = (a: CatalogueApp, b: CatalogueApp) => (a.id < b.id ? -1 : 1);
  const descendingNullsLast = (x: number | null, y: number | null) => (x === y ? 0 : x === null ? 1 : y === null ? -1 : y - x);
  const orders: Record<CatalogueQuery["sort"], (a: CatalogueApp, b: CatalogueApp) => number> = {
    relevance: (a, b) => tier(a) - tier(b) || b.installCount - a.installCount || byId(a, b),
    popular: (a, b) => b.installCount - a.installCount || byId(a, b),
    rating: (a, b) => descendingNullsLast(a.averageRating, b.averageRating) || b.reviewCount - a.reviewCount || byId(a, b),
    newest: (a, b) => descendingNullsLast(a.publishedAt, b.publishedAt) || byId(a, b),
    name: (a, b) => compareCodePoints(a.nameKey, b.nameKey) || byId(a, b),
  };
  const found = apps
    .filter(
      (app) =>
        exact(app) ||
        allWords(
          app,
          words.map((word) => word.anyField),
        ),
    )
    .filter((app) => filters.category === undefined || app.category === filters.category)
    .filter((app) => filters.environment === undefined || app.environment === filters.environment)
    .filter((app) => filters.featured === undefined || app.featured === filters.featured)
    .sort(orders[sort]);
  return { ids: found.slice(offset, offset + limit).map((app) => app.id), total: found.length };
}

describe("Catalogue.search against its plain reference", () => {
  const LEXEMES = ["alpha", "alps", "beta", "bet", "gamma"];
  const lexeme = fc.constantFrom(...LEXEMES);
  const term = (nameOnly: boolean) =>
    fc.record({ kind: fc.constant("term" as const), lexeme, prefix: fc.boolean(), nameOnly: fc.constant(nameOnly) });
  // A word as Postgres normalises it: a term, or two joined, or a negation; the same shape over the name alone.
  const wordQuery = fc
    .tuple(fc.constantFrom("term", "or", "and", "not"), term(false), term(false))
    .map(([kind, left, right]): TsQuery => (kind === "term" ? left : kind === "not" ? { kind, operand: left } : { kind, left, right }));
  const nameOnly = (query: TsQuery): TsQuery =>
    query.kind === "term"
      ? { ...query, nameOnly: true }
      : query.kind === "not"
        ? { kind: "not", operand: nameOnly(query.operand) }
        : { kind: query.kind, left: nameOnly(query.left), right: nameOnly(query.right) };
  const catalogueApp = fc
    .record({
      name: fc.constantFrom("Alpha", "alpha", "Beta Tools", "Gamma", "Ünïcode"),
      category: fc.constantFrom("PRODUCTIVITY" as const, "FINANCE" as const),
      environment: fc.constantFrom("production" as const, "staging" as const),
      featured: fc.boolean(),
      installCount: fc.nat(3),
      reviewCount: fc.nat(2),
      averageRating: fc.option(fc.constantFrom(1, 2.5, 5), { nil: null }),
      publishedAt: fc.option(fc.nat(3), { nil: null }),
      lexemes: fc.uniqueArray(lexeme, { maxLength: 4 }),
      nameLexemes: fc.uniqueArray(lexeme, { maxLength: 2 }),
    })
    .map((fields) => app({ ...fields, nameKey: fields.name.toLowerCase() }));
  const catalogueQuery = fc.record({
    words: fc.array(
      fc.option(wordQuery, { nil: undefined }).map((anyField) => ({ anyField, nameOnly: anyField && nameOnly(anyField) })),
      { maxLength: 2 },
    ),
    text: fc.constantFrom("", "alpha", "ALPHA", "beta tools", "nothing"),
    filters: fc.record(
      {
        category: fc.constantFrom("PRODUCTIVITY" as const, "FINANCE" as const),
        environment: fc.constantFrom("production" as const, "staging" as const),
        featured: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    sort: fc.constantFrom("relevance" as const, "popular" as const, "rating" as const, "newest" as const, "name" as const),
    offset: fc.nat(12),
    limit: fc.integer({ min: 1, max: 6 }),
  });

  it("finds, counts, orders and pages exactly as the reference, search after search on one catalogue", () => {
    fc.assert(
      fc.property(
        fc.array(catalogueApp, { maxLength: 40 }),
        fc.array(fc.nat(39), { maxLength: 8 }),
        fc.array(catalogueQuery, { minLength: 1, maxLength: 4 }),
        (apps, removed, queries) => {
          const catalogue = new Catalogue(APP_CATEGORIES, APP_ENVIRONMENTS);
          for (const each of apps) catalogue.upsert(each);
          const gone = new Set(removed.map((index) => apps[index]?.id));
          for (const id of gone) if (id) catalogue.remove(id);
          const live = apps.filter((each) => !gone.has(each.id));
          for (const each of queries) expect(catalogue.search(each)).toEqual(referenceSearch(live, each));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("stays exact when the catalogue grows between searches", () => {
    const catalogue = new Catalogue(APP_CATEGORIES, APP_ENVIRONMENTS);
    const apps = Array.from({ length: 2500 }, (_, i) =>
      app({ lexemes: i % 3 === 0 ? ["alpha"] : ["beta"], nameLexemes: i % 5 === 0 ? ["alpha"] : [], installCount: i % 7 }),
    );
    const search = { ...EMPTY_QUERY, words: [word("'alpha':*")], text: "alpha", offset: 3, limit: 5 };
    for (const [index, each] of apps.entries()) {
      catalogue.upsert(each);
      if (index % 500 === 0 || index === apps.length - 1) {
        expect(catalogue.search(search)).toEqual(referenceSearch(apps.slice(0, index + 1), search));
      }
    }
  });
});

describe("smallest", () => {
  it("passes over items by their lead and still gives the start of the sorted items", () => {
    const value = fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(Number.NaN));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 400 }), fc.nat(60), fc.boolean(), (values, count, descending) => {
        const lead: Lead = { values: Float64Array.from(values), descending };
        // The lead (no value last), then the item itself: a total order that agrees with the lead.
        const compare = (a: number, b: number) => {
          const [x, y] = [values[a]!, values[b]!];
          if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
          return (Number.isNaN(x) ? 0 : descending ? y - x : x - y) || a - b;
        };
        const items = Int32Array.from(values.keys());
        const expected = [...values.keys()].sort(compare).slice(0, count);
        expect(Array.from(smallest(items, count, compare, lead))).toEqual(expected);
      }),
    );
  });

  it("is the start of the sorted items, for any items and count", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 400 }), fc.nat(450), (values, count) => {
        const compare = (a: number, b: number) => a - b;
        const items = Int32Array.from(values);
        expect(Array.from(smallest(items, count, compare))).toEqual([...values].sort(compare).slice(0, count));
      }),
    );
  });
});

describe("compareCodePoints", () => {
  it("orders by code point, as Postgres's C.UTF-8 collation does", () => {
    expect(compareCodePoints("a", "b")).toBeLessThan(0);
    expect(compareCodePoints("ab", "a")).toBeGreaterThan(0);
    // U+FF5E (fullwidth tilde) sorts before U+1F600 (an emoji), though its UTF-16 code unit is larger.
    expect(compareCodePoints("\uff5e", "\u{1f600}")).toBeLessThan(0);
    expect(compareCodePoints("\u{1f600}", "\uff5e")).toBeGreaterThan(0);
    expect(compareCodePoints("same", "same")).toBe(0);
  });
});
