import { describe, expect, it } from "vitest";

import * as approve from "@/app/api/admin/profile-changes/[id]/approve/route";
import * as reject from "@/app/api/admin/profile-changes/[id]/reject/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { pendingProfileChange, publicIdentity, verifiedDeveloperWithApp } from "@/test/support/profile-changes";

import * as me from "../route";
import * as withdraw from "./route";

const admin = adminApiForFile();
const del = (headers: Record<string, string>) => call(withdraw.DELETE, { method: "DELETE", headers });

describe("DELETE /api/dev/me/profile-change", () => {
  it("withdraws the pending change; the public profile stays and the administrators' approval is then 409", async () => {
    const { owner, changeId } = await pendingProfileChange({ name: "Never Mind" });
    const before = await publicIdentity(owner);
    const res = await del(owner.token);
    expect(res.status).toBe(204);
    expect((await call(me.GET, { headers: owner.token })).body.profileChange).toBeNull();
    expect(await publicIdentity(owner)).toEqual(before);
    const approved = await admin.post(approve.POST, changeId);
    expect(approved.status).toBe(409);
    expect(approved.body.code).toBe("invalid_state");
  });

  it("is 404 without any change, and 409 once the latest is no longer pending", async () => {
    const owner = await verifiedDeveloperWithApp();
    const none = await del(owner.token);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("not_found");
    const { owner: rejectedOwner, changeId } = await pendingProfileChange();
    expect((await admin.post(reject.POST, changeId, { reason: "No." })).status).toBe(200);
    const rejected = await del(rejectedOwner.token);
    expect(rejected.status).toBe(409);
    expect(rejected.body.code).toBe("invalid_state");
    expect((await del(rejectedOwner.token)).status).toBe(409);
  });

  it("refuses an API key with 403, whatever its scopes, and keeps the change pending", async () => {
    const { owner, changeId } = await pendingProfileChange();
    const { authorization } = await apiKeyHeader(owner.developer);
    const res = await del({ authorization });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
    expect((await call(me.GET, { headers: owner.token })).body.profileChange).toMatchObject({ id: changeId, status: "PENDING" });
  });

  it("acts on the caller's own change only: another developer's withdrawal leaves it pending", async () => {
    const { owner, changeId } = await pendingProfileChange();
    const stranger = await verifiedDeveloperWithApp();
    expect((await del(stranger.token)).status).toBe(404);
    expect((await call(me.GET, { headers: owner.token })).body.profileChange).toMatchObject({ id: changeId, status: "PENDING" });
  });

  it("is 403 for a developer who is not verified (whose profile is edited in place)", async () => {
    const owner = await createTestDeveloper("PENDING_VERIFICATION");
    const res = await del(owner.token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("developer_not_verified");
  });
});
