import { beforeAll, describe, expect, it } from "vitest";

import type { App, Developer } from "@/db/schema";
import { APP_CATEGORIES, CATEGORY_LABELS } from "@/lib/domain/enums";
import { call } from "@/lib/testing/http";
import { insertApp, insertApps, insertDeveloper } from "@/lib/testing/public-fixtures";

import * as install from "./[slug]/install/route";
import * as reviews from "./[slug]/reviews/route";
import * as bySlug from "./[slug]/route";
import * as categories from "./categories/list/route";
import * as featured from "./featured/list/route";
import * as list from "./route";

const getApp = (slug: string) => call(bySlug.GET, { path: `/api/apps/${slug}`, params: { slug } });
const getFeatured = (query = "") => call(featured.GET, { path: `/api/apps/featured/list?${query}` });

let developer: Developer;
let app: App;
let topFeatured: App[];

beforeAll(async () => {
  developer = await insertDeveloper({ name: "Ada Dev", companyName: "Acme Apps", websiteUrl: "https://acme.example.com" });
  app = await insertApp(developer, {
    slug: "slack-sync",
    name: "Slack Sync",
    description: "Mirror Slack channels into tasks.",
    longDescription: "## Two-way sync\nEvery thread becomes a task.",
    category: "COMMUNICATION",
    environment: "staging",
    featured: true,
    installCount: 7,
    reviewCount: 2,
    ratingSum: 9,
    oauthClientId: "oauth-client-secretive-123",
    // Internals an approved app may still carry from its history: never public.
    rejection: { reasons: [{ criterion: "QUALITY", message: "blurry-logo-note" }], message: "earlier-rejection-note", rejectedAt: new Date().toISOString() },
    unpublishReason: "earlier-unpublish-note",
    publishedAt: new Date("2026-03-01T10:00:00.000Z"),
  });
  // Twelve featured apps in all (the one above and these eleven), three of them on staging.
  topFeatured = await insertApps(
    developer,
    Array.from({ length: 11 }, (_, i) => ({
      category: "PRODUCTIVITY" as const,
      featured: true,
      installCount: 100 + i,
      environment: i < 3 ? ("staging" as const) : ("production" as const),
    })),
  );
  await insertApps(developer, [{ category: "FINANCE" }, { category: "FINANCE", installCount: 1000 }]);
  // Never public: a featured draft and a featured approved app of a suspended developer.
  await insertApp(developer, { category: "FINANCE", featured: true, status: "DRAFT", installCount: 5000 });
  const suspended = await insertDeveloper({ status: "SUSPENDED" });
  await insertApp(suspended, { category: "FINANCE", featured: true, installCount: 5000 });
});

describe("GET /api/apps/:slug", () => {
  it("returns exactly the contract's public fields", async () => {
    const res = await getApp("slack-sync");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      slug: "slack-sync",
      name: "Slack Sync",
      description: "Mirror Slack channels into tasks.",
      longDescription: "## Two-way sync\nEvery thread becomes a task.",
      category: "COMMUNICATION",
      environment: "staging",
      logoUrl: app.logoUrl,
      bannerUrl: app.bannerUrl,
      websiteUrl: app.websiteUrl,
      screenshots: [
        { url: "https://cdn.example.com/slack-sync/shot-1.png", caption: "First", order: 0 },
        { url: "https://cdn.example.com/slack-sync/shot-2.png", caption: "Second", order: 1 },
      ],
      featured: true,
      installCount: 7,
      reviewCount: 2,
      averageRating: 4.5,
      developer: { name: "Ada Dev", companyName: "Acme Apps", websiteUrl: "https://acme.example.com" },
      publishedAt: "2026-03-01T10:00:00.000Z",
      updatedAt: app.updatedAt.toISOString(),
    });
  });

  it("never says anything internal about the app or its developer", async () => {
    const res = await getApp("slack-sync");
    for (const secret of [
      developer.email,
      developer.yaptureUserId,
      developer.id,
      app.id,
      "oauth-client-secretive-123",
      "blurry-logo-note",
      "earlier-rejection-note",
      "earlier-unpublish-note",
    ]) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.text).not.toMatch(/"(status|rejection|unpublishReason|oauthClientId|id|developerId|email|yaptureUserId|searchDocument|ratingSum)"/);
  });

  it.each(["no-such-app", "featured", "categories", "new", "search", "Slack-Sync", "slack_sync", "..%2Fetc", "a".repeat(61), "-x", "x-"])(
    "answers %s with 404 not_found",
    async (slug) => {
      const res = await getApp(slug);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
    },
  );

  it("lists apps in the same shape as the detail", async () => {
    const detail = await getApp("slack-sync");
    const listed = await call(list.GET, { path: "/api/apps?category=COMMUNICATION" });
    expect(listed.body.data).toEqual([detail.body]);
  });
});

describe("GET /api/apps/featured/list", () => {
  it("gives the ten most installed featured public apps by default, as { data }", async () => {
    const res = await getFeatured();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["data"]);
    const expected = [...topFeatured].sort((a, b) => b.installCount - a.installCount).slice(0, 10);
    expect(res.body.data.map((each: { slug: string }) => each.slug)).toEqual(expected.map((each) => each.slug));
    expect(res.body.data.every((each: { featured: boolean }) => each.featured)).toBe(true);
  });

  it("gives all twelve up to limit=50, never a hidden one", async () => {
    const res = await getFeatured("limit=50");
    expect(res.body.data).toHaveLength(12);
    expect(res.body.data.at(-1).slug).toBe("slack-sync");
    expect(res.body.data.every((each: { installCount: number }) => each.installCount < 5000)).toBe(true);
  });

  it.each([
    ["environment=staging", 4],
    ["environment=STAGING&limit=2", 2],
    ["environment=localhost", 0],
    ["limit=1", 1],
  ])("filters %s", async (query, count) => {
    const res = await getFeatured(query);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(count);
    if (query.includes("staging")) expect(res.body.data.every((each: { environment: string }) => each.environment === "staging")).toBe(true);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=51", "limit"],
    ["limit=abc", "limit"],
    ["limit=1.5", "limit"],
    ["environment=prod", "environment"],
  ])("refuses %s naming %s", async (query, path) => {
    const res = await getFeatured(query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors[0].path).toBe(path);
  });
});

describe("GET /api/apps/categories/list", () => {
  it("gives all ten categories in the specification's order with public counts, zeros included", async () => {
    const res = await call(categories.GET, { path: "/api/apps/categories/list" });
    expect(res.status).toBe(200);
    const counts: Record<string, number> = { COMMUNICATION: 1, PRODUCTIVITY: 11, FINANCE: 2 };
    expect(res.body).toEqual({
      data: APP_CATEGORIES.map((category) => ({ category, label: CATEGORY_LABELS[category], count: counts[category] ?? 0 })),
    });
  });
});

describe("wrong methods", () => {
  it.each([
    ["GET /api/apps", list, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
    ["/api/apps/:slug", bySlug, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
    ["/api/apps/:slug/install", install, ["GET", "PUT", "PATCH", "DELETE"], "POST, OPTIONS"],
    ["/api/apps/:slug/reviews", reviews, ["PUT", "PATCH", "DELETE"], "GET, POST, HEAD, OPTIONS"],
    ["/api/apps/featured/list", featured, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
    ["/api/apps/categories/list", categories, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
  ] as const)("%s answers other methods with 405 and Allow", async (_path, handlers, methods, allow) => {
    for (const method of methods) {
      const handler = (handlers as Record<string, Parameters<typeof call>[0]>)[method]!;
      const res = await call(handler, { method, params: { slug: "slack-sync" } });
      expect(res.status, method).toBe(405);
      expect(res.body.code).toBe("method_not_allowed");
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
  });
});
