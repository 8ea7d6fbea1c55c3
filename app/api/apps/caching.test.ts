import { describe, expect, it } from "vitest";

import { call } from "@/test/support/http";
import { bearer, newUser } from "@/test/support/identity";
import { insertPublicApp } from "@/test/support/apps";

import * as install from "./[slug]/install/route";
import * as appReviews from "./[slug]/reviews/route";
import * as bySlug from "./[slug]/route";
import * as similar from "./[slug]/similar/route";
import * as categories from "./categories/list/route";
import * as featured from "./featured/list/route";
import * as list from "./route";

describe("public GETs", () => {
  const endpoints = async () => {
    const { app } = await insertPublicApp({ featured: true });
    const params = { slug: app.slug };
    return [
      ["GET /api/apps", () => call(list.GET, { path: "/api/apps" }), "public, max-age=30, stale-while-revalidate=60"],
      [
        "GET /api/apps?search",
        () => call(list.GET, { path: `/api/apps?search=${encodeURIComponent(app.name)}` }),
        "public, max-age=30, stale-while-revalidate=60",
      ],
      ["GET /api/apps/:slug", () => call(bySlug.GET, { params }), "public, max-age=30, stale-while-revalidate=60"],
      ["GET /api/apps/featured/list", () => call(featured.GET, {}), "public, max-age=30, stale-while-revalidate=60"],
      ["GET /api/apps/:slug/similar", () => call(similar.GET, { params }), "public, max-age=60, stale-while-revalidate=120"],
      ["GET /api/apps/categories/list", () => call(categories.GET, {}), "public, max-age=60"],
      ["GET /api/apps/:slug/reviews", () => call(appReviews.GET, { params }), "public, max-age=15"],
    ] as const;
  };

  it("send Cache-Control, an ETag and X-Request-Id, and answer If-None-Match with 304", async () => {
    for (const [name, get, cacheControlValue] of await endpoints()) {
      const res = await get();
      expect(res.status, name).toBe(200);
      expect(res.headers.get("cache-control"), name).toBe(cacheControlValue);
      expect(res.headers.get("etag"), name).toMatch(/^W\/".+"$/);
      expect(res.headers.get("x-request-id"), name).toBeTruthy();
    }
  });

  it.each(["exact", "strong form", "in a list", "star"])("answer a matching If-None-Match (%s) with 304 and no body", async (form) => {
    const { app } = await insertPublicApp();
    const first = await call(bySlug.GET, { params: { slug: app.slug } });
    const etag = first.headers.get("etag")!;
    const header = { exact: etag, "strong form": etag.slice(2), "in a list": `"nope", ${etag}`, star: "*" }[form]!;
    const res = await call(bySlug.GET, { params: { slug: app.slug }, headers: { "if-none-match": header } });
    expect(res.status).toBe(304);
    expect(res.text).toBe("");
    expect(res.headers.get("etag")).toBe(etag);
    expect(res.headers.get("cache-control")).toBe("public, max-age=30, stale-while-revalidate=60");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("give a changed resource a new ETag, so the old one gets the full body", async () => {
    const { app } = await insertPublicApp();
    const params = { slug: app.slug };
    const before = await call(bySlug.GET, { params });
    const listBefore = await call(list.GET, { path: "/api/apps" });
    await call(install.POST, { method: "POST", params });
    const after = await call(bySlug.GET, { params, headers: { "if-none-match": before.headers.get("etag")! } });
    expect(after.status).toBe(200);
    expect(after.body.installCount).toBe(before.body.installCount + 1);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const listAfter = await call(list.GET, { path: "/api/apps", headers: { "if-none-match": listBefore.headers.get("etag")! } });
    expect(listAfter.status).toBe(200);
  });

  it("give every query its own ETag", async () => {
    await insertPublicApp({ category: "FINANCE" });
    const all = await call(list.GET, { path: "/api/apps" });
    const finance = await call(list.GET, { path: "/api/apps?category=FINANCE", headers: { "if-none-match": all.headers.get("etag")! } });
    expect(finance.status).toBe(200);
  });

  it("give the reviews list a new ETag after a review", async () => {
    const { app } = await insertPublicApp();
    const params = { slug: app.slug };
    const before = await call(appReviews.GET, { params });
    await call(appReviews.POST, { method: "POST", params, headers: await bearer(newUser()), body: { rating: 4 } });
    const after = await call(appReviews.GET, { params, headers: { "if-none-match": before.headers.get("etag")! } });
    expect(after.status).toBe(200);
    expect(after.body.pagination.total).toBe(1);
  });

  it("never cache errors", async () => {
    const missing = await call(bySlug.GET, { params: { slug: "no-such-app" }, headers: { "if-none-match": "*" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(missing.headers.get("etag")).toBeNull();
    const invalid = await call(list.GET, { path: "/api/apps?limit=0" });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("cache-control")).toBe("no-store");
  });
});
