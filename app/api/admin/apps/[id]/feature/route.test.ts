import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/lib/testing/admin-api";
import { insertPublicApp } from "@/lib/testing/apps";

import * as feature from "./route";

const admin = adminApiForFile();

describe("POST /api/admin/apps/:id/feature", () => {
  it("features an approved app", async () => {
    const { app } = await insertPublicApp();
    expect((await admin.post(feature.POST, app.id, { featured: true })).body.featured).toBe(true);
  });
});
