import { describe, expect, it } from "vitest";

import * as publicApp from "@/app/api/apps/[slug]/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { revisionsForFile } from "@/test/support/revisions";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as reject from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();
const { owner, pendingUpdate, edit, read, submit } = revisionsForFile();

const reasons = [{ criterion: "QUALITY", message: "The new banner is blurry." }];

describe("POST /api/admin/apps/:id/revision/reject", () => {
  it("rejects the update with reasons, leaves the live version as it was and emails the developer", async () => {
    const { app } = await pendingUpdate({ name: "Blurry Banner Edition" });
    const res = await admin.post(reject.POST, app.id, { reasons, message: "Close." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "REJECTED", version: null, rejection: { reasons, message: "Close." }, app: { version: 1 } });
    expect((await call(publicApp.GET, { params: { slug: app.slug } })).body).toMatchObject({ name: app.name, version: 1 });
    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body.to).toBe(owner.developer.email);
    expect(capture.requests[0]!.body.text).toContain("The new banner is blurry.");
  });

  it("keeps the reasons while the developer fixes and resubmits the update", async () => {
    const { app } = await pendingUpdate();
    await admin.post(reject.POST, app.id, { reasons });
    const fixed = await edit(app.id, { bannerUrl: null });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ status: "REJECTED", rejection: { reasons } });
    expect((await submit(app.id)).body).toMatchObject({ status: "PENDING", rejection: { reasons } });
  });

  it("needs at least one reason, and an update in review", async () => {
    const { app } = await pendingUpdate();
    const empty = await admin.post(reject.POST, app.id, { reasons: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe("validation_failed");
    expect((await admin.post(reject.POST, app.id, { reasons })).status).toBe(200);
    const again = await admin.post(reject.POST, app.id, { reasons });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("invalid_state");
    expect((await read(app.id)).body.status).toBe("REJECTED");
  });
});
