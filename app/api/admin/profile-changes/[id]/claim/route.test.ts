import { describe, expect, it } from "vitest";

import * as standing from "@/app/api/dev/me/profile-change/queue/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";
import { pendingProfileChange } from "@/test/support/profile-changes";

import * as claim from "./route";

const admin = adminApiForFile();

describe("POST /api/admin/profile-changes/:id/claim", () => {
  it("claims a pending profile change; its developer sees it picked up", async () => {
    const { owner, changeId } = await pendingProfileChange();
    const res = await admin.post(claim.POST, changeId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ queue: "profile_change", itemId: changeId, mine: true });
    expect((await call(standing.GET, { headers: owner.token })).body).toMatchObject({ pickedUp: true, pickedUpAt: res.body.claimedAt });
  });

  it("answers 404 for an unknown change", async () => {
    const res = await admin.post(claim.POST, "7f1d3a0e-0000-4000-8000-000000000000");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
