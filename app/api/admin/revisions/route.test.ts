import { describe, expect, it } from "vitest";

import * as oneRevision from "@/app/api/admin/apps/[id]/revision/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { revisionsForFile } from "@/test/support/revisions";

import * as revisions from "./route";

const admin = adminApiForFile();
const { owner, liveApp, pendingUpdate, create } = revisionsForFile();

describe("GET /api/admin/revisions", () => {
  it("lists updates in review, oldest first, with the live app, the developer and what changes", async () => {
    const first = await pendingUpdate({ name: "Queue First" });
    const second = await pendingUpdate({ description: "Queue second, new words." });
    const draftOnly = await liveApp();
    await create(draftOnly.id, { name: "Not Submitted" });

    const res = await call(revisions.GET, { headers: admin.headers, path: "/api/admin/revisions?limit=100" });
    expect(res.status).toBe(200);
    const ours = res.body.data.filter((item: { app: { id: string } }) => [first.app.id, second.app.id, draftOnly.id].includes(item.app.id));
    expect(ours.map((item: { app: { id: string } }) => item.app.id)).toEqual([first.app.id, second.app.id]);
    expect(ours[0]).toMatchObject({
      status: "PENDING",
      notes: "What changed.",
      app: { id: first.app.id, slug: first.app.slug, name: first.app.name, status: "APPROVED", version: 1 },
      developer: { id: owner.developer.id, email: owner.developer.email },
      changes: [{ field: "name", before: first.app.name, after: "Queue First" }],
    });
  });

  it("filters by status and refuses an unknown one", async () => {
    const res = await call(revisions.GET, { headers: admin.headers, path: "/api/admin/revisions?status=DRAFT" });
    expect(res.status).toBe(200);
    expect(res.body.data.every((item: { status: string }) => item.status === "DRAFT")).toBe(true);
    const bad = await call(revisions.GET, { headers: admin.headers, path: "/api/admin/revisions?status=LIVE" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("validation_failed");
  });

  it("is for administrators only", async () => {
    const res = await call(revisions.GET, { headers: owner.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });
});

describe("GET /api/admin/apps/:id/revision", () => {
  it("shows the app's open update, or 404", async () => {
    const { app, revision } = await pendingUpdate({ name: "Shown To Admin" });
    const res = await call(oneRevision.GET, { headers: admin.headers, params: { id: app.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: revision.id, name: "Shown To Admin", app: { id: app.id } });
    const none = await call(oneRevision.GET, { headers: admin.headers, params: { id: (await liveApp()).id } });
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("not_found");
  });
});
