import { describe, expect, it } from "vitest";

import * as developerAppById from "@/app/api/dev/apps/[id]/route";
import { listPopularApps, asRows } from "@/lib/catalogue/queries";
import { adminApiForFile } from "@/test/support/admin-api";
import { insertApp, insertPublicApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as unpublish from "./route";

const admin = adminApiForFile();

describe("POST /api/admin/apps/:id/unpublish", () => {
  it("unpublishes an approved app with the reason, out of the public listing", async () => {
    const { app } = await insertPublicApp();
    const unpublished = await admin.post(unpublish.POST, app.id, { reason: "Broken OAuth flow" });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body).toMatchObject({ status: "UNPUBLISHED", unpublishReason: "Broken OAuth flow" });
    expect((await listPopularApps({ limit: 100 }, asRows)).items.some((a) => a.app.slug === app.slug)).toBe(false);
  });

  it("tells the developer why their listing was unpublished", async () => {
    const owner = await createTestDeveloper();
    const app = await insertApp(owner.developer);
    const before = await call(developerAppById.GET, { headers: owner.token, params: { id: app.id } });
    expect(before.body.unpublishReason).toBeNull();
    await admin.post(unpublish.POST, app.id, { reason: "The OAuth redirect is broken" });
    const after = await call(developerAppById.GET, { headers: owner.token, params: { id: app.id } });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ status: "UNPUBLISHED", unpublishReason: "The OAuth redirect is broken" });
  });
});
