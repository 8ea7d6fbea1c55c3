import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { revisionsForFile } from "@/test/support/revisions";

import * as claim from "./route";

const { pendingUpdate, liveApp } = revisionsForFile();
const admin = adminApiForFile();

describe("POST /api/admin/apps/:id/revision/claim", () => {
  it("claims the app's pending update by the app's id, and releases it", async () => {
    const { app, revision } = await pendingUpdate({ name: "Claimed update" });
    const res = await admin.post(claim.POST, app.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ queue: "update", itemId: revision.id, mine: true });
    expect((await call(claim.DELETE, { method: "DELETE", headers: admin.headers, params: { id: app.id } })).status).toBe(204);
  });

  it("answers 404 for an app without an open update", async () => {
    const app = await liveApp();
    const res = await admin.post(claim.POST, app.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
