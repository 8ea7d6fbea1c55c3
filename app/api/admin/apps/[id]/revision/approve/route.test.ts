import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as install from "@/app/api/apps/[slug]/install/route";
import * as publicReviews from "@/app/api/apps/[slug]/reviews/route";
import * as publicApp from "@/app/api/apps/[slug]/route";
import * as categories from "@/app/api/apps/categories/list/route";
import * as publicList from "@/app/api/apps/route";
import { getDb } from "@/db/client";
import { auditEvents, listingImageCopies } from "@/db/schema";
import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { bearer, newUser } from "@/test/support/identity";
import { revisionsForFile } from "@/test/support/revisions";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as approve from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();
const { owner, liveApp, pendingUpdate, create, submit, withdraw, get } = revisionsForFile();

const publicView = async (slug: string) => (await call(publicApp.GET, { params: { slug } })).body;

describe("POST /api/admin/apps/:id/revision/approve", () => {
  it("makes the update the live version: new fields, version 2, a changelog entry; slug, installs and reviews stay", async () => {
    const app = await liveApp("APPROVED", { name: "Kept Installs" });
    const user = newUser();
    const headers = await bearer(user);
    expect(
      (await call(install.POST, { method: "POST", headers, params: { slug: app.slug }, body: { workspaceId: user.workspaces[0]!.id } }))
        .status,
    ).toBe(201);
    expect(
      (await call(publicReviews.POST, { method: "POST", headers, params: { slug: app.slug }, body: { rating: 4, title: "Good" } })).status,
    ).toBe(201);
    await create(app.id, { name: "Kept Installs Two", notes: "A new name for a new start." });
    expect((await submit(app.id)).status).toBe(200);
    const before = await publicView(app.slug);

    const res = await admin.post(approve.POST, app.id, { note: "Nice update." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "APPROVED", version: 2, approvedAt: expect.any(String), app: { id: app.id, version: 2 } });

    const after = await publicView(app.slug);
    expect(after).toMatchObject({
      slug: app.slug,
      name: "Kept Installs Two",
      version: 2,
      installCount: before.installCount,
      reviewCount: 1,
      averageRating: 4,
      changelog: [{ version: 2, notes: "A new name for a new start.", publishedAt: res.body.approvedAt }],
    });
    expect(after.publishedAt).toBe(before.publishedAt);
    expect((await get(app.id)).body).toMatchObject({ version: 2, revision: null, status: "APPROVED" });

    // The copies checked when the update was submitted are now the listing's, and the update keeps none.
    const copies = await (
      await getDb()
    )
      .select({ subjectType: listingImageCopies.subjectType, subjectId: listingImageCopies.subjectId })
      .from(listingImageCopies)
      .where(eq(listingImageCopies.subjectId, app.id));
    expect(copies).toHaveLength(4);
    expect(new Set(copies.map((copy) => copy.subjectType))).toEqual(new Set(["app"]));
    const leftWithTheUpdate = await (
      await getDb()
    )
      .select({ field: listingImageCopies.field })
      .from(listingImageCopies)
      .where(and(eq(listingImageCopies.subjectType, "revision"), eq(listingImageCopies.subjectId, res.body.id)));
    expect(leftWithTheUpdate).toEqual([]);

    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body).toMatchObject({
      to: owner.developer.email,
      subject: expect.stringContaining("version 2 of Kept Installs Two"),
    });
    expect(capture.requests[0]!.body.text).toContain("Nice update.");

    const db = await getDb();
    const actions = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetType, "app"), eq(auditEvents.targetId, app.id)))
      .orderBy(auditEvents.createdAt);
    // The listing's own history (created, submitted, approved) comes first; then its update's.
    expect(actions.map((row) => row.action).filter((action) => action.startsWith("revision."))).toEqual([
      "revision.create",
      "revision.submit",
      "revision.approve",
    ]);
  });

  it("never shows an update publicly before it is approved", async () => {
    const { app } = await pendingUpdate({ name: "Zeppelinwise Secret Rename" });
    expect(await publicView(app.slug)).toMatchObject({ name: app.name, version: 1, changelog: [] });
    const search = await call(publicList.GET, { path: "/api/apps?search=zeppelinwise" });
    expect(search.status).toBe(200);
    expect(search.body.data).toEqual([]);
    expect((await admin.post(approve.POST, app.id)).status).toBe(200);
    const found = await call(publicList.GET, { path: "/api/apps?search=zeppelinwise" });
    expect(found.body.data.map((item: { slug: string }) => item.slug)).toEqual([app.slug]);
  });

  it("moves the app between category counts when the update changes its category", async () => {
    const counts = async () =>
      Object.fromEntries(
        ((await call(categories.GET, {})).body.data as { category: string; count: number }[]).map((row) => [row.category, row.count]),
      );
    const { app } = await pendingUpdate({ category: "FINANCE" });
    const before = await counts();
    expect((await admin.post(approve.POST, app.id)).status).toBe(200);
    const after = await counts();
    expect(after.PRODUCTIVITY).toBe(before.PRODUCTIVITY! - 1);
    expect(after.FINANCE).toBe(before.FINANCE! + 1);
    const listed = await call(publicList.GET, { path: "/api/apps?category=FINANCE&limit=100" });
    expect(listed.body.data.map((item: { slug: string }) => item.slug)).toContain(app.slug);
  });

  it("keeps an UNPUBLISHED app unpublished, with the update applied for when it comes back", async () => {
    const { app } = await pendingUpdate({ name: "Comeback Edition" }, "UNPUBLISHED");
    const res = await admin.post(approve.POST, app.id);
    expect(res.status).toBe(200);
    expect(res.body.app).toMatchObject({ status: "UNPUBLISHED", version: 2, name: "Comeback Edition" });
    expect((await call(publicApp.GET, { params: { slug: app.slug } })).status).toBe(404);
    await capture.deliverAll();
    expect(capture.requests.at(-1)!.body.text).toContain("goes live with the app when an administrator republishes it");
  });

  it("lets exactly one of two concurrent approvals apply", async () => {
    const { app } = await pendingUpdate({ name: "Approved Once" });
    const results = await Promise.all([admin.post(approve.POST, app.id), admin.post(approve.POST, app.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe("invalid_state");
    expect(await publicView(app.slug)).toMatchObject({ version: 2, changelog: [expect.objectContaining({ version: 2 })] });
  });

  it("settles an approval racing the developer's withdrawal: exactly one of them happens", async () => {
    const { app } = await pendingUpdate({ name: "Raced Name" });
    const [approved, withdrawn] = await Promise.all([admin.post(approve.POST, app.id), withdraw(app.id)]);
    expect([approved.status, withdrawn.status].sort()).toEqual([200, 409]);
    const live = await publicView(app.slug);
    if (approved.status === 200) expect(live).toMatchObject({ name: "Raced Name", version: 2 });
    else expect(live).toMatchObject({ name: app.name, version: 1 });
  });

  it("answers 404 for an app without an update and 409 for an update that is not in review", async () => {
    const app = await liveApp();
    const none = await admin.post(approve.POST, app.id);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("not_found");
    await create(app.id, { notes: "Draft only." });
    const draft = await admin.post(approve.POST, app.id);
    expect(draft.status).toBe(409);
    expect(draft.body.code).toBe("invalid_state");
  });
});
