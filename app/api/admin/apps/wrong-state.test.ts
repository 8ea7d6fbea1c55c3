import { describe, expect, it } from "vitest";

import * as approve from "@/app/api/admin/apps/[id]/approve/route";
import * as feature from "@/app/api/admin/apps/[id]/feature/route";
import * as reject from "@/app/api/admin/apps/[id]/reject/route";
import * as republish from "@/app/api/admin/apps/[id]/republish/route";
import * as unpublish from "@/app/api/admin/apps/[id]/unpublish/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { insertPublicApp } from "@/test/support/apps";

const admin = adminApiForFile();

describe("review actions on a listing in the wrong state", () => {
  it.each([
    ["approve", approve.POST, undefined],
    ["reject", reject.POST, { reasons: [{ criterion: "QUALITY", message: "x" }] }],
    ["unpublish", unpublish.POST, { reason: "x" }],
    ["republish", republish.POST, undefined],
    ["feature", feature.POST, { featured: true }],
  ])("%s refuses a DRAFT with 409 invalid_state", async (_action, handler, body) => {
    const { app } = await insertPublicApp({ status: "DRAFT" });
    const res = await admin.post(handler, app.id, body);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("invalid_state");
  });
});
