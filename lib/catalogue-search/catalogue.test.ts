import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { APP_CATEGORIES, APP_ENVIRONMENTS } from "@/lib/domain/enums";

import { Catalogue, compareCodePoints, smallest, type CatalogueApp, type CatalogueQuery } from "./catalogue";
import { parseTsQuery } from "./tsquery";

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

function query(overrides: Partial<CatalogueQuery>): CatalogueQuery {
  return { words: [], text: "", filters: {}, sort: "relevance", offset: 0, limit: 20, ...overrides };
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

describe("smallest", () => {
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
