import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { reviews } from "@/db/schema";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertPublicApp, readApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, type TestUser } from "@/test/support/identity";
import { findOwnReview, ratingHistogram } from "@/lib/reviews/service";

import * as bySlug from "../route";
import * as appReviews from "./route";

type AuthHeaders = Record<string, string>;
const review = (slug: string, headers: AuthHeaders, body: unknown) =>
  call(appReviews.POST, { method: "POST", path: `/api/apps/${slug}/reviews`, params: { slug }, headers, body });
const listReviews = (slug: string, query = "") => call(appReviews.GET, { path: `/api/apps/${slug}/reviews?${query}`, params: { slug } });
const getApp = (slug: string) => call(bySlug.GET, { params: { slug } });

async function reviewer(overrides: Partial<TestUser> = {}): Promise<{ user: TestUser; headers: AuthHeaders }> {
  const user = newUser(overrides);
  return { user, headers: await bearer(user) };
}

describe("POST /api/apps/:slug/reviews", () => {
  let ann: Awaited<ReturnType<typeof reviewer>>;
  let bob: Awaited<ReturnType<typeof reviewer>>;

  beforeAll(async () => {
    [ann, bob] = await Promise.all([reviewer({ name: "Ann Reviewer" }), reviewer({ name: "Bob Reviewer" })]);
  });

  it("keeps the count and average exact: 5 and 2 → 3.5; 2 replaced by 4 → 4.5", async () => {
    const { app } = await insertPublicApp();
    const first = await review(app.slug, ann.headers, { rating: 5, title: "Great", body: "Saves me an hour a day." });
    expect(first.status).toBe(201);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.body).toEqual({
      id: expect.any(String),
      rating: 5,
      title: "Great",
      body: "Saves me an hour a day.",
      author: { name: "Ann Reviewer" },
      verifiedInstall: false,
      reply: null,
      hidden: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await review(app.slug, bob.headers, { rating: 2 });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ rating: 2, title: null, body: null });
    expect((await getApp(app.slug)).body).toMatchObject({ reviewCount: 2, averageRating: 3.5 });

    const replaced = await review(app.slug, bob.headers, { rating: 4, title: "Better now" });
    expect(replaced.status).toBe(200);
    expect(replaced.body.id).toBe(second.body.id);
    expect(replaced.body.createdAt).toBe(second.body.createdAt);
    expect(new Date(replaced.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(second.body.updatedAt).getTime());
    expect((await getApp(app.slug)).body).toMatchObject({ reviewCount: 2, averageRating: 4.5 });
    expect(await readApp(app.id)).toMatchObject({ reviewCount: 2, ratingSum: 9 });

    // Replacing with the same rating, or clearing the text, changes nothing in the counters.
    expect((await review(app.slug, bob.headers, { rating: 4 })).body).toMatchObject({ title: null, body: null });
    expect(await readApp(app.id)).toMatchObject({ reviewCount: 2, ratingSum: 9 });
  });

  it("stays exact when many people review at once", async () => {
    const { app } = await insertPublicApp();
    const people = await Promise.all(Array.from({ length: 12 }, () => reviewer()));
    const results = await Promise.all(people.map((person, i) => review(app.slug, person.headers, { rating: (i % 5) + 1 })));
    expect(results.map((res) => res.status)).toEqual(Array(12).fill(201));
    const expectedSum = people.reduce((sum, _person, i) => sum + (i % 5) + 1, 0);
    expect(await readApp(app.id)).toMatchObject({ reviewCount: 12, ratingSum: expectedSum });
  });

  it("stays exact when one person posts several reviews at once", async () => {
    const { app } = await insertPublicApp();
    const results = await Promise.all([1, 2, 3, 4, 5, 1, 2, 3].map((rating) => review(app.slug, ann.headers, { rating })));
    expect(results.filter((res) => res.status === 201)).toHaveLength(1);
    expect(results.filter((res) => res.status === 200)).toHaveLength(7);
    const db = await getDb();
    const [stored] = await db.select().from(reviews).where(eq(reviews.appId, app.id));
    expect(await readApp(app.id)).toMatchObject({ reviewCount: 1, ratingSum: stored!.rating });
  });

  it.each([
    ["no credentials", {}, 401, "unauthenticated"],
    ["a malformed authorization header", { authorization: "Basic abc" }, 401, "unauthenticated"],
    ["an unknown token", { authorization: "Bearer not-a-real-token" }, 401, "unauthenticated"],
  ])("refuses %s", async (_what, headers, status, code) => {
    const { app } = await insertPublicApp();
    const res = await review(app.slug, headers, { rating: 5 });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await readApp(app.id)).toMatchObject({ reviewCount: 0 });
  });

  it("refuses an API key with 403 forbidden", async () => {
    const { app } = await insertPublicApp();
    const { developer } = await createTestDeveloper();
    const key = await apiKeyHeader(developer);
    const res = await review(app.slug, { authorization: key.authorization }, { rating: 5 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it.each([
    [{}, "rating", "invalid_type"],
    [{ rating: 0 }, "rating", "too_small"],
    [{ rating: 6 }, "rating", "too_big"],
    [{ rating: 4.5 }, "rating", "invalid_type"],
    [{ rating: "5" }, "rating", "invalid_type"],
    [{ rating: null }, "rating", "invalid_type"],
    [{ rating: 5, title: "t".repeat(101) }, "title", "too_big"],
    [{ rating: 5, body: "b".repeat(2001) }, "body", "too_big"],
    [{ rating: 5, title: 7 }, "title", "invalid_type"],
    [{ rating: 5, stars: 5 }, "stars", "unknown_field"],
    [{ rating: 5, yaptureUserId: "someone-else" }, "yaptureUserId", "read_only"],
    [{ rating: 5, author: { name: "Mallory" } }, "author", "read_only"],
    [{ rating: 5, id: "00000000-0000-0000-0000-000000000000" }, "id", "read_only"],
  ])("refuses %j with 400 naming %s", async (body, path, code) => {
    const { app } = await insertPublicApp();
    const res = await review(app.slug, ann.headers, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, code }));
  });

  it("accepts the longest title and body, trimmed", async () => {
    const { app } = await insertPublicApp();
    const res = await review(app.slug, ann.headers, { rating: 1, title: ` ${"t".repeat(100)} `, body: "b".repeat(2000) });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe("t".repeat(100));
  });

  it.each([
    ["invalid JSON", { rawBody: '{"rating":', headers: { "content-type": "application/json" } }, 400, "invalid_json"],
    ["a text body", { rawBody: "rating=5", headers: { "content-type": "text/plain" } }, 415, "unsupported_media_type"],
    ["no body", { headers: {} }, 400, "validation_failed"],
  ])("refuses %s", async (_what, options: { rawBody?: string; headers: Record<string, string> }, status, code) => {
    const { app } = await insertPublicApp();
    const res = await call(appReviews.POST, {
      method: "POST",
      params: { slug: app.slug },
      ...options,
      headers: { ...ann.headers, ...options.headers },
    });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it("answers an unknown app with 404", async () => {
    const res = await review("no-such-app", ann.headers, { rating: 5 });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});

describe("GET /api/apps/:slug/reviews", () => {
  it("pages reviews, most recently written or edited first, without reviewer ids or emails", async () => {
    const { app } = await insertPublicApp();
    const people = [];
    for (const name of ["First", "Second", "Third"]) {
      const person = await reviewer({ name });
      await review(app.slug, person.headers, { rating: 3, title: name });
      people.push(person);
    }
    // Editing the first review makes it the newest.
    await review(app.slug, people[0]!.headers, { rating: 4, title: "First, edited" });

    const res = await listReviews(app.slug);
    expect(res.status).toBe(200);
    expect(res.body.data.map((each: { title: string }) => each.title)).toEqual(["First, edited", "Third", "Second"]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      "author",
      "body",
      "createdAt",
      "hidden",
      "id",
      "rating",
      "reply",
      "title",
      "updatedAt",
      "verifiedInstall",
    ]);
    expect(res.body.data[0].author).toEqual({ name: "First" });
    for (const { user } of people) {
      expect(res.text).not.toContain(user.sub);
      expect(res.text).not.toContain(user.email);
    }
    expect(res.headers.get("cache-control")).toBe("public, max-age=15");

    const second = await listReviews(app.slug, "limit=2&page=2");
    expect(second.body.data.map((each: { title: string }) => each.title)).toEqual(["Second"]);
    expect(second.body.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });

    const pastTheEnd = await listReviews(app.slug, "limit=2&page=3");
    expect(pastTheEnd.status).toBe(200);
    expect(pastTheEnd.body).toEqual({ data: [], pagination: { page: 3, limit: 2, total: 3, totalPages: 2 } });
  });

  it("never publishes an email-derived name", async () => {
    const { app } = await insertPublicApp();
    const person = await reviewer({ name: "" });
    const res = await review(app.slug, person.headers, { rating: 5 });
    expect(res.status).toBe(201);
    expect(res.body.author).toEqual({ name: "Yapture user" });
    expect(res.text).not.toContain(person.user.email.split("@")[0]!);
  });

  it("gives an empty page for an app without reviews", async () => {
    const { app } = await insertPublicApp();
    const res = await listReviews(app.slug);
    expect(res.body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["page=0", "page"],
    ["page=x", "page"],
  ])("refuses %s naming %s", async (query, path) => {
    const { app } = await insertPublicApp();
    const res = await listReviews(app.slug, query);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors[0].path).toBe(path);
  });

  it("answers an unknown app with 404", async () => {
    const res = await listReviews("no-such-app");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});

describe("reviews sorted by rating", () => {
  it("lists highest and lowest first on request, newest first by default", async () => {
    const { app } = await insertPublicApp();
    for (const rating of [3, 5, 1]) expect((await review(app.slug, (await reviewer()).headers, { rating })).status).toBe(201);
    const ratings = async (query: string) => (await listReviews(app.slug, query)).body.data.map((r: { rating: number }) => r.rating);
    expect(await ratings("")).toEqual([1, 5, 3]);
    expect(await ratings("sort=highest")).toEqual([5, 3, 1]);
    expect(await ratings("sort=LOWEST")).toEqual([1, 3, 5]);
    const wrong = await listReviews(app.slug, "sort=best");
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("validation_failed");
  });
});

describe("DELETE /api/apps/:slug/reviews", () => {
  const remove = (slug: string, headers: AuthHeaders) =>
    call(appReviews.DELETE, { method: "DELETE", path: `/api/apps/${slug}/reviews`, params: { slug }, headers });

  it("deletes the caller's own review and takes it out of the count and average", async () => {
    const { app } = await insertPublicApp();
    const [ann, bob] = [await reviewer(), await reviewer()];
    await review(app.slug, ann.headers, { rating: 5 });
    await review(app.slug, bob.headers, { rating: 2 });
    const res = await remove(app.slug, bob.headers);
    expect(res.status).toBe(204);
    expect((await getApp(app.slug)).body).toMatchObject({ reviewCount: 1, averageRating: 5 });
    expect((await listReviews(app.slug)).body.data.map((r: { rating: number }) => r.rating)).toEqual([5]);
    const again = await remove(app.slug, bob.headers);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("not_found");
    expect(await readApp(app.id)).toMatchObject({ reviewCount: 1, ratingSum: 5 });
  });

  it("needs a Yapture user: anonymous is 401, and nobody can delete another person's review", async () => {
    const { app } = await insertPublicApp();
    const ann = await reviewer();
    await review(app.slug, ann.headers, { rating: 4 });
    const anonymous = await remove(app.slug, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("unauthenticated");
    const other = await remove(app.slug, (await reviewer()).headers);
    expect(other.status).toBe(404);
    expect((await getApp(app.slug)).body.reviewCount).toBe(1);
  });

  it("keeps the counters exact when deletes and rewrites race", async () => {
    const { app } = await insertPublicApp();
    const people = await Promise.all(Array.from({ length: 6 }, () => reviewer()));
    for (const person of people) await review(app.slug, person.headers, { rating: 4 });
    await Promise.all(
      people.flatMap((person, i) => (i % 2 ? [remove(app.slug, person.headers)] : [review(app.slug, person.headers, { rating: 2 })])),
    );
    expect(await readApp(app.id)).toMatchObject({ reviewCount: 3, ratingSum: 6 });
  });
});

describe("the app page's review summary", () => {
  it("counts reviews per number of stars, and finds the reader's own review", async () => {
    const { app } = await insertPublicApp();
    const ann = await reviewer();
    await review(app.slug, ann.headers, { rating: 5, title: "Mine" });
    for (const rating of [5, 4, 1]) await review(app.slug, (await reviewer()).headers, { rating });
    expect(await ratingHistogram(app.slug)).toEqual([2, 1, 0, 0, 1]);
    expect(await findOwnReview({ slug: app.slug, reviewerId: ann.user.sub })).toMatchObject({ rating: 5, title: "Mine" });
    expect(await findOwnReview({ slug: app.slug, reviewerId: "nobody" })).toBeUndefined();
  });
});
