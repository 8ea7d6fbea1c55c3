import { describe, expect, it } from "vitest";

import * as adminRevision from "@/app/api/admin/apps/[id]/revision/approve/route";
import * as adminReject from "@/app/api/admin/apps/[id]/revision/reject/route";
import * as publicApp from "@/app/api/apps/[slug]/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { setAppStatus } from "@/test/support/apps";
import { call } from "@/test/support/http";
import { listingsForFile } from "@/test/support/listings";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as revision from "./route";
import * as submit from "./submit/route";

// One update from start to finish through the routes: prepared, rejected, fixed, approved.

const { owner, createApp } = listingsForFile();
const admin = adminApiForFile();
const capture = emailCaptureForFile();

const asOwner = (handler: Parameters<typeof call>[0], id: string, method: string, body?: unknown) =>
  call(handler, { method, headers: owner.token, params: { id }, body });

describe("an update of a live app", () => {
  it("is prepared, rejected, fixed and approved while the live listing stays public", async () => {
    const app = await createApp({ name: "Lifecycle Live" });
    await setAppStatus(app.id, "APPROVED");

    const created = await asOwner(revision.POST, app.id, "POST", { name: "Lifecycle Next" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "DRAFT", baseVersion: 1, name: "Lifecycle Next", notes: null });
    expect(created.body.changes).toEqual([{ field: "name", before: "Lifecycle Live", after: "Lifecycle Next" }]);

    const noNotes = await asOwner(submit.POST, app.id, "POST");
    expect(noNotes.status).toBe(400);
    expect(noNotes.body.code).toBe("validation_failed");
    expect(noNotes.body.errors).toEqual([expect.objectContaining({ path: "notes" })]);

    expect((await asOwner(revision.PUT, app.id, "PUT", { notes: "A clearer name." })).status).toBe(200);
    expect((await asOwner(submit.POST, app.id, "POST")).body.status).toBe("PENDING");
    expect((await call(publicApp.GET, { params: { slug: app.slug } })).body).toMatchObject({ name: "Lifecycle Live", version: 1 });

    const rejected = await admin.post(adminReject.POST, app.id, { reasons: [{ criterion: "QUALITY", message: "Name too vague." }] });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: "REJECTED", app: { id: app.id, version: 1 } });

    expect((await asOwner(revision.PUT, app.id, "PUT", { name: "Lifecycle Timer" })).body).toMatchObject({
      status: "REJECTED",
      rejection: { reasons: [{ criterion: "QUALITY", message: "Name too vague." }] },
    });
    expect((await asOwner(submit.POST, app.id, "POST")).status).toBe(200);

    const approved = await admin.post(adminRevision.POST, app.id, { note: "Thanks." });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "APPROVED", version: 2, app: { version: 2, name: "Lifecycle Timer" } });

    const live = await call(publicApp.GET, { params: { slug: app.slug } });
    expect(live.body).toMatchObject({ name: "Lifecycle Timer", version: 2, changelog: [{ version: 2, notes: "A clearer name." }] });
    expect((await asOwner(revision.GET, app.id, "GET")).status).toBe(404);

    await capture.deliverAll();
    expect(capture.requests.map((request) => request.body.subject)).toEqual([
      expect.stringContaining("your update to Lifecycle Next needs changes"),
      expect.stringContaining("version 2 of Lifecycle Timer is approved"),
    ]);
  });

  it("carries a change of language through the diff and the approval to the public listing", async () => {
    const app = await createApp({ name: "Language Live", language: "en" });
    await setAppStatus(app.id, "APPROVED");
    const created = await asOwner(revision.POST, app.id, "POST", { language: "ar", notes: "Now in Arabic." });
    expect(created.status).toBe(201);
    expect(created.body.changes).toEqual([{ field: "language", before: "en", after: "ar" }]);
    expect((await asOwner(submit.POST, app.id, "POST")).status).toBe(200);
    expect((await call(publicApp.GET, { params: { slug: app.slug } })).body.language).toBe("en");
    expect((await admin.post(adminRevision.POST, app.id, {})).status).toBe(200);
    expect((await call(publicApp.GET, { params: { slug: app.slug } })).body).toMatchObject({ language: "ar", version: 2 });
  });
});
