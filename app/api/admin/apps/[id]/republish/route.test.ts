import { describe, expect, it } from "vitest";

import * as unpublish from "@/app/api/admin/apps/[id]/unpublish/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { insertPublicApp } from "@/test/support/apps";

import * as republish from "./route";

const admin = adminApiForFile();

describe("POST /api/admin/apps/:id/republish", () => {
  it("republishes an unpublished app, once", async () => {
    const { app } = await insertPublicApp();
    await admin.post(unpublish.POST, app.id, { reason: "Broken OAuth flow" });
    expect((await admin.post(republish.POST, app.id)).body.status).toBe("APPROVED");
    expect((await admin.post(republish.POST, app.id)).status).toBe(409);
  });
});
