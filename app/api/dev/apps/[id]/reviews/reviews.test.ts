import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import * as install from "@/app/api/apps/[slug]/install/route";
import * as reports from "@/app/api/apps/[slug]/reviews/[reviewId]/reports/route";
import * as appReviews from "@/app/api/apps/[slug]/reviews/route";
import * as hide from "@/app/api/admin/reviews/[id]/hide/route";
import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { adminApiForFile } from "@/test/support/admin-api";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper, type TestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, type TestUser } from "@/test/support/identity";

import * as reply from "./[reviewId]/reply/route";
import * as publisherReviews from "./route";

const admin = adminApiForFile();
type Headers = Record<string, string>;

const writeReview = (slug: string, headers: Headers, rating: number) =>
  call(appReviews.POST, { method: "POST", params: { slug }, headers, body: { rating, body: "Needs dark mode" } });
const publicReviews = async (slug: string, query = "") =>
  (await call(appReviews.GET, { path: `/api/apps/${slug}/reviews?${query}`, params: { slug } })).body;
const replyCall = (method: "POST" | "PUT" | "DELETE", headers: Headers, id: string, reviewId: string, body?: unknown) =>
  call(reply[method], { method, headers, params: { id, reviewId }, body });

describe("publisher replies", () => {
  let publisher: TestDeveloper;
  let other: TestDeveloper;
  let app: { id: string; slug: string };
  let reviewer: TestUser;
  let reviewId: string;

  beforeAll(async () => {
    [publisher, other] = await Promise.all([createTestDeveloper(), createTestDeveloper()]);
    app = await insertApp(publisher.developer, { name: "Replied App" });
    reviewer = newUser({ name: "Rita Reviewer" });
    reviewId = (await writeReview(app.slug, await bearer(reviewer), 2)).body.id;
  });

  it("reply → shown under the review → edit; the reviewer is emailed once", async () => {
    const created = await replyCall("POST", publisher.token, app.id, reviewId, { body: "Dark mode ships next month." });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      body: "Dark mode ships next month.",
      hidden: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const shown = (await publicReviews(app.slug)).data.find((review: { id: string }) => review.id === reviewId);
    expect(shown.reply).toEqual({
      body: "Dark mode ships next month.",
      createdAt: created.body.createdAt,
      updatedAt: created.body.updatedAt,
    });

    const twice = await replyCall("POST", publisher.token, app.id, reviewId, { body: "Again" });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("conflict");
    const edited = await replyCall("PUT", publisher.token, app.id, reviewId, { body: "Dark mode shipped today." });
    expect(edited.status).toBe(200);
    expect((await publicReviews(app.slug)).data[0].reply.body).toBe("Dark mode shipped today.");

    const db = await getDb();
    const emails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, reviewer.email), eq(emailOutbox.type, "REVIEW_REPLIED")));
    expect(emails).toHaveLength(1);
    // A link to the reply on the marketplace, never the publisher's words (and their links) in the marketplace's email.
    expect(emails[0]!.text).not.toContain("Dark mode ships next month.");
    expect(emails[0]!.html).not.toContain("Dark mode ships next month.");
    expect(emails[0]!.text).toContain(`/apps/${app.slug}#reply-to-your-review`);

    const listed = await call(publisherReviews.GET, { headers: publisher.token, params: { id: app.id } });
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toMatchObject({ id: reviewId, rating: 2, reply: { body: "Dark mode shipped today.", hidden: null } });
  });

  it("emails the reviewer once per review: a reply deleted and posted again emails nobody", async () => {
    const reviewer = newUser({ name: "Once Only" });
    const id = (await writeReview(app.slug, await bearer(reviewer), 4)).body.id;
    for (const text of ["Thanks!", "See https://example.com/offer", "And again"]) {
      expect((await replyCall("POST", publisher.token, app.id, id, { body: text })).status).toBe(201);
      expect((await replyCall("DELETE", publisher.token, app.id, id)).status).toBe(204);
    }
    const db = await getDb();
    const emails = await db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, reviewer.email), eq(emailOutbox.type, "REVIEW_REPLIED")));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).not.toContain("example.com/offer");
  });

  it("only on reviews of the developer's own apps: another developer gets 404, as for an unknown review", async () => {
    for (const [headers, appId, id] of [
      [other.token, app.id, reviewId],
      [publisher.token, app.id, "00000000-0000-4000-8000-000000000000"],
      [publisher.token, app.id, "not-a-uuid"],
    ] as const) {
      const response = await replyCall("POST", headers, appId, id, { body: "Mine now" });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("not_found");
    }
    expect((await call(publisherReviews.GET, { headers: other.token, params: { id: app.id } })).status).toBe(404);
    expect((await replyCall("DELETE", other.token, app.id, reviewId)).status).toBe(404);
  });

  it("refuses an empty or oversize reply and unknown fields with 400; a key needs APP_UPDATE", async () => {
    for (const body of [{ body: "" }, { body: "x".repeat(2001) }, { body: "ok", hidden: false }, {}]) {
      const response = await replyCall("PUT", publisher.token, app.id, reviewId, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe("validation_failed");
    }
    const readOnly = await apiKeyHeader(publisher.developer, ["APP_READ"]);
    const refused = await replyCall("PUT", { authorization: readOnly.authorization }, app.id, reviewId, { body: "By key" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
    const updater = await apiKeyHeader(publisher.developer, ["APP_UPDATE"]);
    expect((await replyCall("PUT", { authorization: updater.authorization }, app.id, reviewId, { body: "By key" })).status).toBe(200);
  });

  it("a reported reply a moderator hid: gone from the public, kept hidden through edits, not deletable", async () => {
    const reader = await bearer(newUser());
    const reported = await call(reports.POST, {
      method: "POST",
      params: { slug: app.slug, reviewId },
      headers: reader,
      body: { part: "reply", reason: "CONFLICT_OF_INTEREST" },
    });
    expect(reported.status).toBe(201);
    expect((await admin.post(hide.POST, reviewId, { part: "reply", reason: "Advertising" })).status).toBe(200);
    expect((await publicReviews(app.slug)).data[0].reply).toBeNull();
    const edited = await replyCall("PUT", publisher.token, app.id, reviewId, { body: "Sorry" });
    expect(edited.body.hidden).toEqual({ reason: "Advertising" });
    expect((await publicReviews(app.slug)).data[0].reply).toBeNull();
    const deleted = await replyCall("DELETE", publisher.token, app.id, reviewId);
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe("invalid_state");
  });
});

describe("verified installs", () => {
  it("marks the review of someone who installed the app into their workspace, not an anonymous installer's", async () => {
    const publisher = await createTestDeveloper();
    const app = await insertApp(publisher.developer);
    const installer = newUser({ name: "Ivy Installer" });
    const headers = await bearer(installer);
    const installed = await call(install.POST, {
      method: "POST",
      params: { slug: app.slug },
      headers,
      body: { workspaceId: installer.workspaces[0]!.id },
    });
    expect(installed.status).toBe(201);
    await call(install.POST, { method: "POST", params: { slug: app.slug } });
    const verified = await writeReview(app.slug, headers, 5);
    expect(verified.body.verifiedInstall).toBe(true);
    const unverified = await writeReview(app.slug, await bearer(newUser()), 1);
    expect(unverified.body.verifiedInstall).toBe(false);

    const all = await publicReviews(app.slug);
    expect(all.pagination.total).toBe(2);
    const onlyVerified = await publicReviews(app.slug, "verified=true");
    expect(onlyVerified.pagination.total).toBe(1);
    expect(onlyVerified.data.map((review: { id: string }) => review.id)).toEqual([verified.body.id]);
    const wrong = await call(appReviews.GET, { path: `/api/apps/${app.slug}/reviews?verified=yes`, params: { slug: app.slug } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("validation_failed");
  });
});
