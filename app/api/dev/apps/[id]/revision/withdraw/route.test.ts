import { describe, expect, it } from "vitest";

import { revisionsForFile } from "@/test/support/revisions";

const { liveApp, pendingUpdate, create, edit, withdraw, submit } = revisionsForFile();

describe("POST /api/dev/apps/:id/revision/withdraw", () => {
  it("takes an update out of review, back to DRAFT, where it can be edited and submitted again", async () => {
    const { app } = await pendingUpdate({ name: "Withdrawn Name" });
    const res = await withdraw(app.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "DRAFT", submittedAt: null });
    expect((await edit(app.id, { name: "Better Name" })).status).toBe(200);
    expect((await submit(app.id)).status).toBe(200);
  });

  it("refuses a DRAFT update with 409", async () => {
    const app = await liveApp();
    await create(app.id);
    const res = await withdraw(app.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("invalid_state");
  });

  it("lets one of two concurrent withdrawals win", async () => {
    const { app } = await pendingUpdate();
    const results = await Promise.all([withdraw(app.id), withdraw(app.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
