import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/test/support/admin-api";
import { insertPublicApp } from "@/test/support/apps";

import * as feature from "./route";

const admin = adminApiForFile();

describe("POST /api/admin/apps/:id/feature", () => {
  it("features an approved app", async () => {
    const { app } = await insertPublicApp();
    expect((await admin.post(feature.POST, app.id, { featured: true })).body.featured).toBe(true);
  });
});
