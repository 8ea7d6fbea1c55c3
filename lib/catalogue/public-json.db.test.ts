import { describe, expect, it } from "vitest";

import { insertApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { listAppsQuery } from "./schemas";

import {
  getPublicApp,
  listFeaturedApps,
  listPopularApps,
  listPublicApps,
  listPublicAppsOfDeveloper,
  asRows,
  asJson,
  asCards,
} from "./queries";
import { publicAppView, type PublicApp } from "@/lib/apps/views";

// The API's public reads send the JSON Postgres writes (./public-json.ts); the app page builds
// publicAppView from rows. Both must be the same app, field for field, whatever the values. The
// pages' app cards are that app's card fields, also written by Postgres, and sent to the browser:
// exactly those fields, no other.

const CARD_FIELDS = [
  "slug",
  "name",
  "description",
  "category",
  "environment",
  "logoUrl",
  "installCount",
  "activeInstallCount",
  "reviewCount",
  "averageRating",
] as const;

/** The card of a public app, picked from publicAppView field by field. */
const cardOf = (app: PublicApp) => ({
  ...Object.fromEntries(CARD_FIELDS.map((field) => [field, app[field]])),
  developer: { name: app.developer.name, companyName: app.developer.companyName },
});

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
    const [rows, texts] = await Promise.all([
      listPublicApps({ query, client: "test" }, asRows),
      listPublicApps({ query, client: "test" }, asJson),
    ]);
    expect(texts.total).toBe(rows.total);
    expect(texts.items.map((text) => JSON.parse(text))).toEqual(rows.items.map(publicAppView));
    // Keys in the same order too: the answer's fields come in the order the API documents, either way.
    expect(texts.items.map((text) => Object.keys(JSON.parse(text)))).toEqual(rows.items.map((row) => Object.keys(publicAppView(row))));

    const searched = listAppsQuery.parse({ search: "rated plain ünïcödé" });
    expect(await listPublicApps({ query: searched, client: "test" }, asJson)).toMatchObject({ items: [], total: 0 });

    for (const row of rows.items) {
      expect(JSON.parse(await getPublicApp({ slug: row.app.slug }, asJson))).toEqual(publicAppView(row));
    }
    const { items: featured } = await listFeaturedApps({ limit: 10 }, asJson);
    expect(featured.map((text) => JSON.parse(text))).toEqual((await listFeaturedApps({ limit: 10 }, asRows)).items.map(publicAppView));
    expect(featured).toHaveLength(1);
  });

  it("writes each card as the card's fields of publicAppView, and nothing else", async () => {
    const plain = await insertDeveloper({ companyName: null, websiteUrl: "https://plain.example.com" });
    const company = await insertDeveloper({ companyName: 'Quote "Co" \\ Ltd' });
    await insertApp(plain, { name: "Plain card", logoUrl: null, environment: "localhost", featured: true });
    await insertApp(company, {
      name: 'Ünïcödé card 日本語 "quoted" \\ back',
      description: "Line one.\nLine two 🚀 \u0001",
      installCount: 54321,
      reviewCount: 3,
      ratingSum: 13,
      category: "AI_ML",
    });

    const query = listAppsQuery.parse({ sort: "name" });
    const [rows, cards] = await Promise.all([
      listPublicApps({ query, client: "test" }, asRows),
      listPublicApps({ query, client: "test" }, asCards),
    ]);
    expect(cards.total).toBe(rows.total);
    expect(cards.items).toEqual(rows.items.map((row) => cardOf(publicAppView(row))));
    for (const card of cards.items) {
      expect(Object.keys(card).sort()).toEqual([...CARD_FIELDS, "developer"].sort());
      expect(Object.keys(card.developer).sort()).toEqual(["companyName", "name"]);
    }
    expect(cards.items.find((card) => card.name === "Plain card")).toMatchObject({
      logoUrl: null,
      averageRating: null,
      developer: { companyName: null },
    });
    expect(cards.items.find((card) => card.installCount === 54321)?.averageRating).toBe(4.33);

    const views = (await listPopularApps({ limit: 10 }, asRows)).items.map(publicAppView);
    expect((await listPopularApps({ limit: 10 }, asCards)).items).toEqual(views.map(cardOf));
    expect((await listFeaturedApps({ limit: 10 }, asCards)).items).toEqual(views.filter((app) => app.featured).map(cardOf));
    expect((await listPublicAppsOfDeveloper({ developerId: company.id, limit: 10 }, asCards)).items).toEqual(
      views.filter((app) => app.developer.id === company.id).map(cardOf),
    );
  });

  it("writes instants as Date.toISOString does, milliseconds truncated from Postgres's microseconds", async () => {
    const developer = await insertDeveloper();
    const app = await insertApp(developer, { name: "Instant", publishedAt: new Date("2026-05-06T07:08:09.999Z") });
    const sent = JSON.parse(await getPublicApp({ slug: app.slug }, asJson)) as { publishedAt: string; updatedAt: string };
    expect(sent.publishedAt).toBe("2026-05-06T07:08:09.999Z");
    expect(sent.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
