import { describe, expect, it } from "vitest";

import { answersByStatus, setAppStatus } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { listingsForFile } from "@/test/support/listings";

import * as withdraw from "./route";

const { owner, createApp, get, doSubmit } = listingsForFile();
const doWithdraw = (id: string, headers = owner.token) => call(withdraw.POST, { method: "POST", headers, params: { id } });

describe("POST /api/dev/apps/:id/withdraw", () => {
  it("takes a submitted listing back to DRAFT, where it can be edited and submitted again", async () => {
    const app = await createApp();
    expect((await doSubmit(app.id)).status).toBe(200);
    const res = await doWithdraw(app.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: app.id, status: "DRAFT", submittedAt: null });
    expect((await get(app.id)).body.status).toBe("DRAFT");
    expect((await doSubmit(app.id)).status).toBe(200);
  });

  it.each(answersByStatus(["PENDING"], 200))("from %s gives %d", async (status, code) => {
    const app = await createApp();
    await setAppStatus(app.id, status);
    const res = await doWithdraw(app.id);
    expect(res.status).toBe(code);
    if (code !== 200) {
      expect(res.body.code).toBe("invalid_state");
      expect((await get(app.id)).body.status).toBe(status);
    }
  });

  it("lets one of two concurrent withdrawals win", async () => {
    const app = await createApp();
    // In review without a submit's image checks, whose decode deadlines a loaded machine can miss.
    await setAppStatus(app.id, "PENDING");
    const results = await Promise.all([doWithdraw(app.id), doWithdraw(app.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("answers 404 for another developer's listing and leaves it in review", async () => {
    const app = await createApp();
    await setAppStatus(app.id, "PENDING");
    const stranger = await createTestDeveloper();
    const res = await doWithdraw(app.id, stranger.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect((await get(app.id)).body.status).toBe("PENDING");
  });
});
