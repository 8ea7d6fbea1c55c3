import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { parseSearch } from "@/lib/apps/public-search";
import { insertApp } from "@/lib/testing/apps";
import { insertDeveloper } from "@/lib/testing/developers";

import { searchCatalogue } from "./search";

// Whatever a person types, Postgres's normal form of its words is something the catalogue reads:
// a search never fails, and never finds an app that does not hold every word.

describe("searchCatalogue on any text", () => {
  it("answers every search the API accepts, with a page within its total", async () => {
    const developer = await insertDeveloper();
    await insertApp(developer, { name: "Ünïcödé Café 日本語 Sync", description: "Naïve façade: e-mail & 2fa, l'été." });
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }), fc.string({ unit: "binary", minLength: 1, maxLength: 40 })),
        async (text) => {
          const page = await searchCatalogue(db, { search: parseSearch(text), filters: {}, sort: "relevance", offset: 0, limit: 20 });
          expect(page.ids.length).toBeLessThanOrEqual(Math.min(page.total, 20));
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each([["café"], ["CAFÉ sync"], ["日本語"], ["2fa"], ["e mail"], ["naïve façade"]])("finds the app by %j", async (text) => {
    const db = await getDb();
    const page = await searchCatalogue(db, { search: parseSearch(text), filters: {}, sort: "relevance", offset: 0, limit: 20 });
    expect(page.total).toBe(1);
  });
});
