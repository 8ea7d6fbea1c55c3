import { describe, expect, it } from "vitest";

import { insertApp } from "@/lib/testing/apps";
import { insertDeveloper } from "@/lib/testing/developers";
import { listAppsQuery } from "@/lib/validation/public";

import { getPublicApp, listFeaturedApps, listPublicApps } from "./public-queries";
import { publicAppView } from "./views";

// The API's public reads send the JSON Postgres writes (./public-json.ts); the pages build
// publicAppView from rows. Both must be the same app, field for field, whatever the values.

describe("the public app as Postgres writes it", () => {
  it("equals publicAppView of the same row, for every kind of value", async () => {
    const plain = await insertDeveloper({ companyName: null, websiteUrl: null });
    const company = await insertDeveloper({ companyName: 'Quote "Co" \\ Ltd', websiteUrl: "https://company.example.com" });
    await insertApp(plain, { name: "Plain", longDescription: null, websiteUrl: null, logoUrl: null, bannerUrl: null });
    await insertApp(company, {
      name: 'Ünïcödé 日本語 "quoted" \\ back',
      description: "Line one.\nLine two\twith a tab.",
      longDescription: "# Title\n\n- emoji 🚀\n- control \u0001 character",
      featured: true,
      installCount: 12345,
      reviewCount: 3,
      ratingSum: 13,
      version: 3,
      changelog: [
        { version: 2, notes: 'Second "release"', publishedAt: "2026-02-01T10:00:00.000Z" },
        { version: 3, notes: "Third", publishedAt: "2026-03-01T10:00:00.000Z" },
      ],
      publishedAt: new Date("2026-03-01T10:00:00.123Z"),
    });
    await insertApp(company, { name: "Rated", reviewCount: 7, ratingSum: 30, environment: "staging", category: "FINANCE" });

    const query = listAppsQuery.parse({ sort: "name" });
    const [rows, texts] = await Promise.all([listPublicApps({ query }), listPublicApps({ query, form: "json" })]);
    expect(texts.total).toBe(rows.total);
    expect(texts.items.map((text) => JSON.parse(text))).toEqual(rows.items.map(publicAppView));

    const searched = listAppsQuery.parse({ search: "rated plain ünïcödé" });
    expect(await listPublicApps({ query: searched, form: "json" })).toMatchObject({ items: [], total: 0 });

    for (const row of rows.items) {
      expect(JSON.parse(await getPublicApp({ slug: row.app.slug, form: "json" }))).toEqual(publicAppView(row));
    }
    const featured = await listFeaturedApps({ limit: 10, form: "json" });
    expect(featured.map((text) => JSON.parse(text))).toEqual((await listFeaturedApps({ limit: 10 })).map(publicAppView));
    expect(featured).toHaveLength(1);
  });

  it("writes instants as Date.toISOString does, milliseconds truncated from Postgres's microseconds", async () => {
    const developer = await insertDeveloper();
    const app = await insertApp(developer, { name: "Instant", publishedAt: new Date("2026-05-06T07:08:09.999Z") });
    const sent = JSON.parse(await getPublicApp({ slug: app.slug, form: "json" })) as { publishedAt: string; updatedAt: string };
    expect(sent.publishedAt).toBe("2026-05-06T07:08:09.999Z");
    expect(sent.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
