import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as me from "@/app/api/dev/me/route";
import * as withdraw from "@/app/api/dev/me/profile-change/route";
import { getDb } from "@/db/client";
import { auditEvents } from "@/db/schema";
import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { bearer, newUser } from "@/test/support/identity";
import { pendingProfileChange, publicIdentity, putProfile } from "@/test/support/profile-changes";
import { emailCaptureForFile } from "@/test/support/test-file-servers";

import * as reject from "../reject/route";
import * as approve from "./route";

const admin = adminApiForFile();
const capture = emailCaptureForFile();

describe("POST /api/admin/profile-changes/:id/approve", () => {
  it("makes the change public at once, everywhere the developer is shown, with an audit event and an email", async () => {
    const { owner, changeId } = await pendingProfileChange({ name: "Acme Labs", companyName: null, websiteUrl: "https://acme.example" });
    const res = await admin.post(approve.POST, changeId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: changeId,
      status: "APPROVED",
      decidedAt: expect.any(String),
      developer: { id: owner.developer.id, name: "Acme Labs", companyName: null, status: "VERIFIED" },
    });

    const expected = { id: owner.developer.id, name: "Acme Labs", companyName: null, websiteUrl: "https://acme.example" };
    const seen = await publicIdentity(owner);
    expect(seen.detail).toEqual(expected);
    expect(seen.list).toEqual(expected);
    expect(seen.page).toEqual({ name: "Acme Labs", companyName: null, websiteUrl: "https://acme.example", bio: null });
    expect((await call(me.GET, { headers: owner.token })).body).toMatchObject({
      name: "Acme Labs",
      status: "VERIFIED",
      profileChange: null,
    });

    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
    expect(capture.requests[0]!.body).toMatchObject({
      to: owner.developer.email,
      subject: "Acme Labs, your developer profile change is approved",
    });
    expect(capture.requests[0]!.body.text).toContain("- Website: https://acme.example");

    const [event] = await (
      await getDb()
    )
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, owner.developer.id), eq(auditEvents.action, "profile_change.approve")));
    expect(event).toMatchObject({
      actorEmail: "admin@example.com",
      before: { status: "PENDING", name: owner.developer.name },
      after: { changeId, status: "APPROVED", name: "Acme Labs" },
    });
  });

  it("lets exactly one of two concurrent approvals apply", async () => {
    const { owner, changeId } = await pendingProfileChange({ name: "Approved Once" });
    const results = await Promise.all([admin.post(approve.POST, changeId), admin.post(approve.POST, changeId)]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(results.find((res) => res.status === 409)!.body.code).toBe("invalid_state");
    expect((await publicIdentity(owner)).detail.name).toBe("Approved Once");
    await capture.deliverAll();
    expect(capture.requests).toHaveLength(1);
  });

  it("settles an approval racing a rejection: exactly one decision holds", async () => {
    const { owner, changeId } = await pendingProfileChange({ name: "Decided Once" });
    const [approved, rejected] = await Promise.all([
      admin.post(approve.POST, changeId),
      admin.post(reject.POST, changeId, { reason: "No." }),
    ]);
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const name = (await publicIdentity(owner)).detail.name;
    expect(name).toBe(approved.status === 200 ? "Decided Once" : owner.developer.name);
  });

  it("never approves a change the administrator did not read: one the developer replaced meanwhile is 409, the new one waits", async () => {
    const { owner, changeId } = await pendingProfileChange({ name: "Reviewed Name" });
    const replaced = await putProfile(owner.token, { name: "Google LLC" });
    const res = await admin.post(approve.POST, changeId);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("invalid_state");
    expect(res.body.detail).toMatch(/withdrew or replaced/);
    expect((await publicIdentity(owner)).detail.name).toBe(owner.developer.name);
    expect((await call(me.GET, { headers: owner.token })).body.profileChange).toMatchObject({
      id: replaced.body.profileChange.id,
      name: "Google LLC",
    });
  });

  it("settles an approval racing the developer's new change: the approved change is applied whole, or the new one replaces it", async () => {
    for (let round = 0; round < 4; round++) {
      const { owner, changeId } = await pendingProfileChange({ name: `Approved ${round}` });
      const [approved, edited] = await Promise.all([
        admin.post(approve.POST, changeId),
        putProfile(owner.token, { bio: `New bio ${round}` }),
      ]);
      expect(edited.status).toBe(200);
      const live = (await call(me.GET, { headers: owner.token })).body;
      if (approved.status === 200) {
        // Approved first: the edit is a new change on top of the approved profile.
        expect(live).toMatchObject({ name: `Approved ${round}`, bio: null });
        expect(live.profileChange).toMatchObject({ status: "PENDING", name: `Approved ${round}`, bio: `New bio ${round}` });
        expect(live.profileChange.changes.map((change: { field: string }) => change.field)).toEqual(["bio"]);
      } else {
        // Replaced first: nothing is public, the replacement (with both fields) waits.
        expect(approved.status).toBe(409);
        expect(live).toMatchObject({ name: owner.developer.name, bio: null });
        expect(live.profileChange).toMatchObject({ status: "PENDING", name: `Approved ${round}`, bio: `New bio ${round}` });
      }
    }
  });

  it("settles an approval racing the developer's withdrawal: exactly one happens", async () => {
    const { owner, changeId } = await pendingProfileChange({ name: "Withdrawn Or Approved" });
    const [approved, withdrawn] = await Promise.all([
      admin.post(approve.POST, changeId),
      call(withdraw.DELETE, { method: "DELETE", headers: owner.token }),
    ]);
    expect([approved.status, withdrawn.status].sort()).toEqual(approved.status === 200 ? [200, 409] : [204, 409]);
    expect((await publicIdentity(owner)).detail.name).toBe(approved.status === 200 ? "Withdrawn Or Approved" : owner.developer.name);
  });

  it("answers 404 for an unknown or malformed id and 409 for a decided change", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await admin.post(approve.POST, id);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    const { changeId } = await pendingProfileChange();
    expect((await admin.post(reject.POST, changeId, { reason: "No." })).status).toBe(200);
    const again = await admin.post(approve.POST, changeId);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("invalid_state");
  });

  it("is for administrators only: the developer's own token is 403 and nothing changes", async () => {
    const { owner, changeId } = await pendingProfileChange({ name: "Self Approved" });
    for (const headers of [owner.token, await bearer(newUser())]) {
      const res = await admin.post(approve.POST, changeId, undefined, headers);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect((await publicIdentity(owner)).detail.name).toBe(owner.developer.name);
  });
});
