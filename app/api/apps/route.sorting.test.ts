import { beforeAll, describe, expect, it } from "vitest";

import type { App } from "@/db/schema";
import { APP_CATEGORIES } from "@/lib/core/enums";
import { call } from "@/test/support/http";
import { insertApp, insertApps } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";

import * as list from "./route";

const get = (query: string) => call(list.GET, { path: `/api/apps?${query}` });
const slugs = (body: { data: { slug: string }[] }) => body.data.map((app) => app.slug);
const byId = (a: App, b: App) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe("sorting with ties", () => {
  // Education apps only (the large data set below has none), built so every sort has ties only the id settles.
  let alpha1: App, beta: App, alpha2: App, gamma: App, delta: App;
  const education = async (sort: string) => slugs((await get(`category=EDUCATION&sort=${sort}`)).body);
  const slugsOf = (apps: App[]) => apps.map((app) => app.slug);

  beforeAll(async () => {
    const developer = await insertDeveloper();
    const early = new Date("2026-01-01T00:00:00.000Z");
    const late = new Date("2026-02-01T00:00:00.000Z");
    const insert = (values: Parameters<typeof insertApp>[1]) => insertApp(developer, { ...values, category: "EDUCATION" });
    alpha1 = await insert({ name: "Alpha", installCount: 10, reviewCount: 2, ratingSum: 9, publishedAt: early });
    beta = await insert({ name: "beta", installCount: 10, reviewCount: 2, ratingSum: 9, publishedAt: early });
    alpha2 = await insert({ name: "Alpha", installCount: 5, publishedAt: late });
    gamma = await insert({ name: "Gamma", installCount: 10, reviewCount: 4, ratingSum: 18, publishedAt: late });
    delta = await insert({ name: "delta", installCount: 0, publishedAt: new Date("2025-12-01T00:00:00.000Z") });
  });

  it("popular: install count, then id", async () => {
    expect(await education("popular")).toEqual([...slugsOf([alpha1, beta, gamma].sort(byId)), alpha2.slug, delta.slug]);
  });

  it("rating: average (unrated last), then number of reviews, then id", async () => {
    expect(await education("rating")).toEqual([gamma.slug, ...slugsOf([alpha1, beta].sort(byId)), ...slugsOf([alpha2, delta].sort(byId))]);
    const res = await get("category=EDUCATION&sort=rating");
    expect(res.body.data.map((app: { averageRating: number | null }) => app.averageRating)).toEqual([4.5, 4.5, 4.5, null, null]);
  });

  it("newest: publication time, then id", async () => {
    expect(await education("newest")).toEqual([...slugsOf([alpha2, gamma].sort(byId)), ...slugsOf([alpha1, beta].sort(byId)), delta.slug]);
  });

  it("name: case-insensitive, then id", async () => {
    expect(await education("name")).toEqual([...slugsOf([alpha1, alpha2].sort(byId)), beta.slug, delta.slug, gamma.slug]);
  });

  it("is the default popular order without a search", async () => {
    expect(await education("popular")).toEqual(slugs((await get("category=EDUCATION")).body));
  });

  it("accepts sort values in any case", async () => {
    expect(await education("NAME")).toEqual(await education("name"));
  });
});

describe("walking every page", () => {
  const NAMES = ["Widget", "widget", "Gadget", "gizmo", "Alpha widget"];
  const DATES = ["2026-01-01", "2026-02-01", "2026-03-01"].map((day) => new Date(`${day}T00:00:00.000Z`));
  let visible: App[] = [];

  beforeAll(async () => {
    const developer = await insertDeveloper();
    const hidden = await insertDeveloper({ status: "SUSPENDED" });
    visible = await insertApps(
      developer,
      Array.from({ length: 250 }, (_, i) => ({
        name: NAMES[i % NAMES.length]!,
        description: `Widget helper ${i % 7 === 0 ? "with a widget for widgets" : "for teams"}.`,
        category: APP_CATEGORIES[i % 3]!,
        installCount: i % 4,
        // A fifth unrated; the rest average 1, 1.5, 2 or 2.5 with two reviews each.
        reviewCount: i % 5 === 0 ? 0 : 2,
        ratingSum: i % 5 === 0 ? 0 : 2 + (i % 4),
        publishedAt: DATES[i % DATES.length]!,
      })),
    );
    // Never in any page: apps that are not approved, and an approved app of a suspended developer.
    const hiddenStatuses = ["DRAFT", "PENDING", "REJECTED", "UNPUBLISHED"] as const;
    await insertApps(
      developer,
      hiddenStatuses.map((status) => ({ status, name: "Widget" })),
    );
    await insertApps(hidden, [{ name: "Widget", installCount: 100 }]);
    // The five apps of the suite above are public too.
    const education = await get("category=EDUCATION&limit=100");
    expect(education.body.pagination.total).toBe(5);
  });

  async function walk(query: string): Promise<{ seen: string[]; total: number }> {
    const seen: string[] = [];
    const first = await get(`${query}&limit=7&page=1`);
    expect(first.status).toBe(200);
    const { total, totalPages } = first.body.pagination;
    expect(totalPages).toBe(Math.ceil(total / 7));
    seen.push(...slugs(first.body));
    for (let page = 2; page <= totalPages; page++) {
      const res = await get(`${query}&limit=7&page=${page}`);
      expect(res.body.pagination).toEqual({ page, limit: 7, total, totalPages, totalIsExact: true });
      expect(res.body.data.length).toBe(page < totalPages ? 7 : total - 7 * (totalPages - 1));
      seen.push(...slugs(res.body));
    }
    return { seen, total };
  }

  const average = (app: App) => (app.reviewCount === 0 ? null : app.ratingSum / app.reviewCount);
  const orders: Record<string, (a: App, b: App) => number> = {
    popular: (a, b) => b.installCount - a.installCount || byId(a, b),
    rating: (a, b) => {
      const [x, y] = [average(a), average(b)];
      if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
      return b.reviewCount - a.reviewCount || byId(a, b);
    },
    newest: (a, b) => b.publishedAt!.getTime() - a.publishedAt!.getTime() || byId(a, b),
    name: (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : byId(a, b)),
  };

  it.each(Object.keys(orders))("sort=%s: every app exactly once, in order", async (sort) => {
    const { seen, total } = await walk(`sort=${sort}`);
    expect(total).toBe(visible.length + 5);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    // The 250 bulk apps appear in exactly the order the sort defines.
    const bulk = new Set(visible.map((app) => app.slug));
    expect(seen.filter((slug) => bulk.has(slug))).toEqual([...visible].sort(orders[sort]).map((app) => app.slug));
  });

  it.each([
    ["a category", "category=UTILITIES&sort=name", 250 / 3],
    ["a search, by relevance", "search=widget", 250],
    ["a search, by rating", "search=widget&sort=rating", 250],
    ["a filtered search", "search=widg&category=PRODUCTIVITY&sort=newest", 250 / 3],
  ])("%s: every match exactly once", async (_what, query, approximately) => {
    const { seen, total } = await walk(query);
    expect(Math.abs(total - approximately)).toBeLessThan(2);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("relevance puts exact name matches first", async () => {
    const { seen } = await walk("search=widget");
    const exact = new Set(visible.filter((app) => app.name.toLowerCase() === "widget").map((app) => app.slug));
    expect(new Set(seen.slice(0, exact.size))).toEqual(exact);
  });
});
