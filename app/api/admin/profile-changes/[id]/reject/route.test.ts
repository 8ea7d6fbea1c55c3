import { describe, expect, it } from "vitest";

import * as me from "@/app/api/dev/me/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { pendingProfileChange, publicIdentity, putProfile } from "@/test/support/profile-changes";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as reject from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();

describe("POST /api/admin/profile-changes/:id/reject", () => {
  it("leaves the public profile as it was; the developer sees the reason and gets it by email", async () => {
    const { owner, changeId } = await pendingProfileChange({ name: "Google LLC", websiteUrl: "https://google.com" });
    const before = await publicIdentity(owner);
    const res = await admin.post(reject.POST, changeId, { reason: "  You are not Google.  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: changeId, status: "REJECTED", reason: "You are not Google.", decidedAt: expect.any(String) });
    expect(await publicIdentity(owner)).toEqual(before);

    const profile = (await call(me.GET, { headers: owner.token })).body;
    expect(profile).toMatchObject({
      name: owner.developer.name,
      status: "VERIFIED",
      profileChange: { id: changeId, status: "REJECTED", name: "Google LLC", reason: "You are not Google." },
    });

    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body).toMatchObject({
      to: owner.developer.email,
      subject: `${owner.developer.name}, your developer profile change was not approved`,
    });
    expect(capture.requests[0]!.body.text).toContain("> You are not Google.");

    // A new change after the rejection waits for review again; the rejected one is history.
    const next = await putProfile(owner.token, { name: "Honest Name" });
    expect(next.body.profileChange).toMatchObject({
      status: "PENDING",
      name: "Honest Name",
      websiteUrl: owner.developer.websiteUrl,
      reason: null,
    });
  });

  it.each([undefined, {}, { reason: "" }, { reason: "   " }, { reason: "r".repeat(2001) }, { reason: "ok", extra: 1 }])(
    "refuses the body %j with 400 and keeps the change pending",
    async (body) => {
      const { owner, changeId } = await pendingProfileChange();
      const res = await admin.post(reject.POST, changeId, body);
      expect(res.status).toBe(400);
      expect(["validation_failed", "invalid_json"]).toContain(res.body.code);
      expect((await call(me.GET, { headers: owner.token })).body.profileChange).toMatchObject({ id: changeId, status: "PENDING" });
    },
  );

  it("lets exactly one of two concurrent rejections apply, with one email", async () => {
    const { changeId } = await pendingProfileChange();
    const results = await Promise.all([
      admin.post(reject.POST, changeId, { reason: "One." }),
      admin.post(reject.POST, changeId, { reason: "Two." }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
  });
});
