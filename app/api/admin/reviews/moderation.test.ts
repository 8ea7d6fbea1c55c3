import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as auditEventsRoute from "@/app/api/admin/audit-events/route";
import * as publicApp from "@/app/api/apps/[slug]/route";
import * as reports from "@/app/api/apps/[slug]/reviews/[reviewId]/reports/route";
import * as appReviews from "@/app/api/apps/[slug]/reviews/route";
import { getDb } from "@/db/client";
import { apps, auditEvents, reviews } from "@/db/schema";
import { ratingHistogram } from "@/lib/reviews/service";
import { adminApiForFile } from "@/test/support/admin-api";
import * as reply from "@/app/api/dev/apps/[id]/reviews/[reviewId]/reply/route";
import { insertApp, insertPublicApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser } from "@/test/support/identity";

import * as dismiss from "./[id]/dismiss-reports/route";
import * as hide from "./[id]/hide/route";
import * as restore from "./[id]/restore/route";
import * as queue from "./route";

const admin = adminApiForFile();

type Headers = Record<string, string>;
const person = async (name = "Pat Reader") => bearer(newUser({ name }));
const writeReview = (slug: string, headers: Headers, rating: number) =>
  call(appReviews.POST, { method: "POST", params: { slug }, headers, body: { rating, title: `${rating} stars` } });
const report = (slug: string, reviewId: string, headers: Headers, body: unknown) =>
  call(reports.POST, { method: "POST", params: { slug, reviewId }, headers, body });
const publicCounters = async (slug: string) => {
  const { reviewCount, averageRating } = (await call(publicApp.GET, { params: { slug } })).body;
  return { reviewCount, averageRating };
};
const listed = async (slug: string) =>
  (await call(appReviews.GET, { path: `/api/apps/${slug}/reviews`, params: { slug } })).body.data.map(
    (review: { id: string }) => review.id,
  );
const queueOf = async (name: "reported" | "hidden") =>
  (await call(queue.GET, { path: `/api/admin/reviews?queue=${name}`, headers: admin.headers })).body;
/** The review as the hidden queue shows it to the administrator now: what a restore is pinned to. */
const asRead = async (id: string) => (await queueOf("hidden")).data.find((row: { id: string }) => row.id === id);
/** Restores what the administrator reads now (the version of the review, or of its reply). */
const restoreAsRead = async (id: string, part: "review" | "reply" = "review") => {
  const row = await asRead(id);
  const expectedUpdatedAt = part === "review" ? row?.updatedAt : row?.reply?.updatedAt;
  return admin.post(restore.POST, id, { part, expectedUpdatedAt: expectedUpdatedAt ?? new Date().toISOString() });
};

/** The counters recounted from the rows: what every write must leave them equal to. */
async function recount(appId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      stored: sql<string>`${apps.reviewCount} || '/' || ${apps.ratingSum} || '/' || ${apps.verifiedReviewCount} || '/' || ${apps.verifiedRatingSum}`,
      counted: sql<string>`(select count(*) || '/' || coalesce(sum(rating), 0) || '/' || count(*) filter (where verified_install) || '/' || coalesce(sum(rating) filter (where verified_install), 0)
        from reviews where reviews.app_id = apps.id and reviews.hidden_at is null)`,
    })
    .from(apps)
    .where(eq(apps.id, appId));
  return row!;
}

describe("reporting a review", () => {
  let slug: string;
  let reviewId: string;
  let author: Headers;

  beforeAll(async () => {
    ({ slug } = (await insertPublicApp()).app);
    author = await person("Ann Author");
    reviewId = (await writeReview(slug, author, 1)).body.id;
  });

  it("puts it in the queue once per person, hiding nothing", async () => {
    const reader = await person();
    const first = await report(slug, reviewId, reader, { reason: "SPAM" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    const again = await report(slug, reviewId, reader, { reason: "OFFENSIVE" });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
    expect(await listed(slug)).toContain(reviewId);
    const reported = (await queueOf("reported")).data.find((row: { id: string }) => row.id === reviewId);
    expect(reported).toMatchObject({ openReports: 1, reports: [{ part: "review", reason: "SPAM", details: null }], hidden: null });
  });

  it.each([
    ["an unknown reason", { reason: "BORING" }, "reason"],
    ["OTHER without details", { reason: "OTHER" }, "details"],
    ["details over 500 characters", { reason: "OTHER", details: "x".repeat(501) }, "details"],
    ["an unknown part", { reason: "SPAM", part: "title" }, "part"],
    ["an unknown field", { reason: "SPAM", hide: true }, "hide"],
  ])("refuses %s with 400 naming the field", async (_what, body, path) => {
    const response = await report(slug, reviewId, await person(), body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("validation_failed");
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it("refuses the author's own review (403), a reply that does not exist (404), an unknown review (404), no sign-in (401)", async () => {
    expect((await report(slug, reviewId, author, { reason: "SPAM" })).status).toBe(403);
    const noReply = await report(slug, reviewId, await person(), { reason: "SPAM", part: "reply" });
    expect(noReply.status).toBe(404);
    expect(noReply.body.code).toBe("not_found");
    expect((await report(slug, "00000000-0000-4000-8000-000000000000", await person(), { reason: "SPAM" })).status).toBe(404);
    expect((await report(slug, reviewId, {}, { reason: "SPAM" })).status).toBe(401);
  });
});

describe("moderating a review", () => {
  it("report → hide → counters and lists change → restore: everything back, every step audited", async () => {
    const { app } = await insertPublicApp();
    const kind = await person("Kim Kind");
    const angry = await person("Al Angry");
    await writeReview(app.slug, kind, 5);
    const target = (await writeReview(app.slug, angry, 1)).body.id;
    await report(app.slug, target, await person(), { reason: "OFFENSIVE", details: "Insults the team" });
    expect(await publicCounters(app.slug)).toEqual({ reviewCount: 2, averageRating: 3 });

    const hidden = await admin.post(hide.POST, target, { reason: "Personal attacks are not reviews" });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ hidden: { reason: "Personal attacks are not reviews" }, openReports: 0, reports: [] });
    expect(await publicCounters(app.slug)).toEqual({ reviewCount: 1, averageRating: 5 });
    expect(await ratingHistogram(app.slug)).toEqual([1, 0, 0, 0, 0]);
    expect(await listed(app.slug)).not.toContain(target);
    expect((await queueOf("reported")).data.map((row: { id: string }) => row.id)).not.toContain(target);
    expect((await queueOf("hidden")).data.map((row: { id: string }) => row.id)).toContain(target);
    // Its author is told why; editing it keeps it hidden and out of the counters; it cannot be deleted.
    const edited = await writeReview(app.slug, angry, 2);
    expect(edited.body.hidden).toEqual({ reason: "Personal attacks are not reviews" });
    expect(await publicCounters(app.slug)).toEqual({ reviewCount: 1, averageRating: 5 });
    const deleted = await call(appReviews.DELETE, { method: "DELETE", params: { slug: app.slug }, headers: angry });
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe("invalid_state");
    expect((await admin.post(hide.POST, target, { reason: "again" })).status).toBe(409);

    const restored = await restoreAsRead(target);
    expect(restored.status).toBe(200);
    expect(restored.body.hidden).toBeNull();
    expect(await publicCounters(app.slug)).toEqual({ reviewCount: 2, averageRating: 3.5 });
    expect(await listed(app.slug)).toContain(target);
    const again = await admin.post(restore.POST, target, { expectedUpdatedAt: restored.body.updatedAt });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("invalid_state");
    const { stored, counted } = await recount(app.id);
    expect(stored).toBe(counted);

    const db = await getDb();
    const actions = await db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, target));
    expect(actions.map((row) => row.action).sort()).toEqual(["review.hide", "review.restore"]);
    const log = await call(auditEventsRoute.GET, { path: "/api/admin/audit-events?limit=50", headers: admin.headers });
    const hiding = log.body.data.find(
      (event: { targetId: string; action: string }) => event.targetId === target && event.action === "review.hide",
    );
    expect(hiding).toMatchObject({ targetType: "review", targetName: `Review of ${app.name}` });
  });

  it("dismisses reports without hiding; 409 when none is open", async () => {
    const { app } = await insertPublicApp();
    const id = (await writeReview(app.slug, await person(), 4)).body.id;
    await report(app.slug, id, await person(), { reason: "SPAM" });
    await report(app.slug, id, await person(), { reason: "OFF_TOPIC" });
    const dismissed = await admin.post(dismiss.POST, id);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ openReports: 0, hidden: null });
    expect(await listed(app.slug)).toContain(id);
    const twice = await admin.post(dismiss.POST, id);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("invalid_state");
  });

  it("orders the queue by open reports, then by the oldest report", async () => {
    const { app } = await insertPublicApp();
    const [once, thrice] = [
      (await writeReview(app.slug, await person(), 2)).body.id,
      (await writeReview(app.slug, await person(), 3)).body.id,
    ];
    await report(app.slug, once, await person(), { reason: "SPAM" });
    for (let i = 0; i < 3; i++) await report(app.slug, thrice, await person(), { reason: "SPAM" });
    const order = (await queueOf("reported")).data.map((row: { id: string }) => row.id).filter((id: string) => [once, thrice].includes(id));
    expect(order).toEqual([thrice, once]);
  });

  it("answers 404 for unknown reviews, 400 for a missing reason, 401/403 for non-administrators", async () => {
    expect((await admin.post(hide.POST, "00000000-0000-4000-8000-000000000000", { reason: "x" })).status).toBe(404);
    const { app } = await insertPublicApp();
    const id = (await writeReview(app.slug, await person(), 3)).body.id;
    const noReason = await admin.post(hide.POST, id, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe("validation_failed");
    expect((await admin.post(hide.POST, id, { reason: "x" }, {})).status).toBe(401);
    expect((await admin.post(hide.POST, id, { reason: "x" }, await person())).status).toBe(403);
  });
});

describe("restoring is pinned to the version the administrator read", () => {
  it("a review edited while hidden: 409 version_changed with the old version, hidden and uncounted; restored as read now", async () => {
    const { app } = await insertPublicApp();
    const author = await person("Eve Editor");
    const id = (await writeReview(app.slug, author, 1)).body.id;
    await admin.post(hide.POST, id, { reason: "Insults" });
    const seen = await asRead(id);
    const edited = await writeReview(app.slug, author, 5);
    expect(edited.body.updatedAt).not.toBe(seen.updatedAt);

    const stale = await admin.post(restore.POST, id, { part: "review", expectedUpdatedAt: seen.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("version_changed");
    expect(await listed(app.slug)).not.toContain(id);
    expect(await publicCounters(app.slug)).toEqual({ reviewCount: 0, averageRating: null });

    const current = await admin.post(restore.POST, id, { part: "review", expectedUpdatedAt: edited.body.updatedAt });
    expect(current.status).toBe(200);
    expect(await publicCounters(app.slug)).toEqual({ reviewCount: 1, averageRating: 5 });
  });

  it("a reply edited while hidden: 409 version_changed, still hidden; restored as read now", async () => {
    const developer = await createTestDeveloper();
    const app = await insertApp(developer.developer, { name: "Pinned Replies" });
    const id = (await writeReview(app.slug, await person(), 3)).body.id;
    const replyTo = (method: "POST" | "PUT", body: string) =>
      call(reply[method], { method, headers: developer.token, params: { id: app.id, reviewId: id }, body: { body } });
    await replyTo("POST", "Thanks");
    await admin.post(hide.POST, id, { part: "reply", reason: "Shares a customer's email" });
    const seen = await asRead(id);
    const edited = await replyTo("PUT", "Write to me at someone-else@example.com");
    expect(edited.status).toBe(200);

    const stale = await admin.post(restore.POST, id, { part: "reply", expectedUpdatedAt: seen.reply.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("version_changed");
    expect((await asRead(id)).reply.hidden).toEqual({ reason: "Shares a customer's email" });

    const current = await admin.post(restore.POST, id, { part: "reply", expectedUpdatedAt: edited.body.updatedAt });
    expect(current.status).toBe(200);
    expect(current.body.reply).toMatchObject({ body: "Write to me at someone-else@example.com", hidden: null });
  });

  it.each([
    ["without the version", { part: "review" }],
    ["with a version that is not a timestamp", { part: "review", expectedUpdatedAt: "yesterday" }],
  ])("refuses a restore %s: 400 validation_failed naming expectedUpdatedAt", async (_what, body) => {
    const { app } = await insertPublicApp();
    const id = (await writeReview(app.slug, await person(), 2)).body.id;
    await admin.post(hide.POST, id, { reason: "Spam" });
    const refused = await admin.post(restore.POST, id, body);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("validation_failed");
    expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual(["expectedUpdatedAt"]);
  });
});

describe("races", () => {
  it("two moderators hiding at once: hidden once, counted out once", async () => {
    const { app } = await insertPublicApp();
    await writeReview(app.slug, await person(), 5);
    const id = (await writeReview(app.slug, await person(), 1)).body.id;
    const results = await Promise.all([admin.post(hide.POST, id, { reason: "a" }), admin.post(hide.POST, id, { reason: "b" })]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await publicCounters(app.slug)).toEqual({ reviewCount: 1, averageRating: 5 });
  });

  it("a review edited while being hidden: the counters match the rows", async () => {
    const { app } = await insertPublicApp();
    const author = await person();
    const id = (await writeReview(app.slug, author, 1)).body.id;
    await Promise.all([admin.post(hide.POST, id, { reason: "spam" }), writeReview(app.slug, author, 4), writeReview(app.slug, author, 2)]);
    const db = await getDb();
    const [row] = await db.select({ hiddenAt: reviews.hiddenAt }).from(reviews).where(eq(reviews.id, id));
    expect(row!.hiddenAt).not.toBeNull();
    const { stored, counted } = await recount(app.id);
    expect(stored).toBe(counted);
    expect(stored).toBe("0/0/0/0");
    expect(await publicCounters(app.slug)).toEqual({ reviewCount: 0, averageRating: null });
  });

  it("many writers, hiders and restorers at once: the counters stay exact", async () => {
    const { app } = await insertPublicApp();
    const people = await Promise.all(Array.from({ length: 8 }, () => person()));
    const ids: string[] = [];
    for (const [index, headers] of people.entries()) ids.push((await writeReview(app.slug, headers, 1 + (index % 5))).body.id);
    await Promise.all([
      ...people.map((headers, index) => writeReview(app.slug, headers, 5 - (index % 5))),
      ...ids.slice(0, 4).map((id) => admin.post(hide.POST, id, { reason: "r" })),
      ...ids.slice(0, 2).map((id) => restoreAsRead(id)),
      call(appReviews.DELETE, { method: "DELETE", params: { slug: app.slug }, headers: people[7]! }),
    ]);
    const { stored, counted } = await recount(app.id);
    expect(stored).toBe(counted);
  });
});
