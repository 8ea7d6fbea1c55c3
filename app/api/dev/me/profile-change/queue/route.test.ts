import { describe, expect, it } from "vitest";

import * as change from "@/app/api/dev/me/profile-change/route";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { pendingProfileChange } from "@/test/support/profile-changes";

import * as queue from "./route";

const standing = (headers: Record<string, string>) => call(queue.GET, { headers });

describe("GET /api/dev/me/profile-change/queue", () => {
  it("places each developer's pending change by when it was asked for, and shows each only their own", async () => {
    const first = await pendingProfileChange({ name: "First Ltd" });
    const second = await pendingProfileChange({ name: "Second Ltd" });
    const res = await standing(second.owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ queue: "profile_change", position: 2, queueLength: 2, pickedUp: false });
    expect((await standing(first.owner.token)).body).toMatchObject({ position: 1, queueLength: 2 });
    expect(res.text).not.toContain("First Ltd");
  });

  it("answers 404 without a change and 409 once it is withdrawn", async () => {
    const nobody = await createTestDeveloper();
    const none = await standing(nobody.token);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe("not_found");

    const { owner } = await pendingProfileChange();
    expect((await call(change.DELETE, { method: "DELETE", headers: owner.token })).status).toBe(204);
    const withdrawn = await standing(owner.token);
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.code).toBe("invalid_state");
  });
});
