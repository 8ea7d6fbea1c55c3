import { describe, expect, it } from "vitest";

import * as publicApp from "@/app/api/apps/[slug]/route";
import { answersByStatus } from "@/test/support/apps";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { revisionsForFile } from "@/test/support/revisions";

import * as revision from "./route";

const { owner, images, liveApp, pendingUpdate, create, read, edit, discard, get } = revisionsForFile();

describe("POST /api/dev/apps/:id/revision", () => {
  it("copies the live listing into a DRAFT revision, with the body's changes on top", async () => {
    const app = await liveApp();
    const live = (await get(app.id)).body;
    const res = await create(app.id, { description: "Pomodoro sessions, now with weekly reports." });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      appId: app.id,
      status: "DRAFT",
      baseVersion: 1,
      version: null,
      name: live.name,
      description: "Pomodoro sessions, now with weekly reports.",
      longDescription: live.longDescription,
      category: live.category,
      logoUrl: live.logoUrl,
      bannerUrl: live.bannerUrl,
      websiteUrl: live.websiteUrl,
      oauthClientId: live.oauthClientId,
      screenshots: live.screenshots,
      notes: null,
      rejection: null,
      submittedAt: null,
    });
    expect(res.body.changes).toEqual([
      { field: "description", before: live.description, after: "Pomodoro sessions, now with weekly reports." },
    ]);
    // The developer's view of the app names its open revision.
    expect((await get(app.id)).body.revision).toEqual({ id: res.body.id, status: "DRAFT" });
  });

  it.each(answersByStatus(["APPROVED", "UNPUBLISHED"], 201))("from an app that is %s gives %d", async (status, code) => {
    const app = await liveApp(status);
    const res = await create(app.id);
    expect(res.status).toBe(code);
    if (code === 409) expect(res.body.code).toBe("invalid_state");
  });

  it("refuses a second open revision with 409 naming the first", async () => {
    const app = await liveApp();
    const first = await create(app.id);
    const second = await create(app.id, { name: "Another try" });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("invalid_state");
    expect(second.body.detail).toContain(first.body.id);
  });

  it("lets exactly one of two concurrent creates win", async () => {
    const app = await liveApp();
    const results = await Promise.all([create(app.id, { name: "One" }), create(app.id, { name: "Two" })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it.each(["slug", "environment", "status", "version"])("refuses the read-only field %s with 400", async (field) => {
    const app = await liveApp();
    const res = await create(app.id, { [field]: field === "version" ? 5 : "staging" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual([expect.objectContaining({ path: field, code: "read_only" })]);
  });

  it("answers 404 for another developer's app and for an unknown one", async () => {
    const app = await liveApp();
    const stranger = await createTestDeveloper();
    for (const res of [await create(app.id, undefined, stranger), await create("00000000-0000-0000-0000-000000000000")]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });

  it("needs the APP_UPDATE scope on an API key", async () => {
    const app = await liveApp();
    const readOnly = await apiKeyHeader(owner.developer, ["APP_READ"]);
    const res = await call(revision.POST, { method: "POST", headers: { authorization: readOnly.authorization }, params: { id: app.id } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("insufficient_scope");
    const writer = await apiKeyHeader(owner.developer, ["APP_UPDATE"]);
    expect(
      (await call(revision.POST, { method: "POST", headers: { authorization: writer.authorization }, params: { id: app.id } })).status,
    ).toBe(201);
  });
});

describe("GET, PUT and DELETE /api/dev/apps/:id/revision", () => {
  it("answers 404 while the app has no open revision", async () => {
    const app = await liveApp();
    for (const res of [await read(app.id), await edit(app.id, { name: "X" }), await discard(app.id)]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });

  it("edits a DRAFT revision with a listing's validation, and never touches the live listing", async () => {
    const app = await liveApp();
    await create(app.id);
    const tooLong = await edit(app.id, { name: "x".repeat(81) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([expect.objectContaining({ path: "name" })]);
    const screenshots = [{ url: `${images.origin}/png/1280x720.png?new`, caption: "New" }, { url: `${images.origin}/png/1280x720.png?b` }];
    const res = await edit(app.id, { name: "Renamed", category: "ANALYTICS", screenshots, notes: "Renamed and re-shot." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", category: "ANALYTICS", notes: "Renamed and re-shot." });
    expect(res.body.changes.map((change: { field: string }) => change.field)).toEqual(["name", "category", "screenshots"]);
    expect((await read(app.id)).body).toEqual(res.body);
    const publicView = await call(publicApp.GET, { params: { slug: app.slug } });
    expect(publicView.body).toMatchObject({ name: app.name, category: "PRODUCTIVITY", version: 1, changelog: [] });
  });

  it("refuses edits and discarding while the revision is in review", async () => {
    const { app } = await pendingUpdate({ name: "In Review" });
    const res = await edit(app.id, { name: "Sneaky change" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("invalid_state");
    expect((await discard(app.id)).status).toBe(409);
    expect((await read(app.id)).body).toMatchObject({ status: "PENDING", name: "In Review" });
  });

  it("discards a DRAFT revision: 204, the app has none, a new one can start", async () => {
    const app = await liveApp();
    await create(app.id, { name: "Thrown Away" });
    const res = await discard(app.id);
    expect(res.status).toBe(204);
    expect((await read(app.id)).status).toBe(404);
    expect((await get(app.id)).body).toMatchObject({ name: app.name, revision: null });
    expect((await create(app.id)).status).toBe(201);
  });

  it("answers 404 to another developer for every method", async () => {
    const app = await liveApp();
    await create(app.id);
    const stranger = await createTestDeveloper();
    for (const res of [await read(app.id, stranger), await edit(app.id, { name: "Mine now" }, stranger), await discard(app.id, stranger)]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect((await read(app.id)).body.name).toBe(app.name);
  });
});
