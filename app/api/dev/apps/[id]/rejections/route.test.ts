import { describe, expect, it } from "vitest";

import * as approve from "@/app/api/admin/apps/[id]/approve/route";
import * as reject from "@/app/api/admin/apps/[id]/reject/route";
import * as rejectUpdate from "@/app/api/admin/apps/[id]/revision/reject/route";
import { adminApiForFile } from "@/test/support/admin-api";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { revisionsForFile } from "@/test/support/revisions";

import * as rejections from "./route";

const { owner, createApp, doSubmit, get, pendingUpdate } = revisionsForFile();
const admin = adminApiForFile();
const history = (id: string, who = owner) => call(rejections.GET, { headers: who.token, params: { id } });

const FIRST = [
  { criterion: "QUALITY", message: "The second screenshot is blurry.", field: "screenshots[1]" },
  { criterion: "USER_EXPERIENCE", message: "Say what the app does." },
];
const SECOND = [{ criterion: "TERMS_COMPLIANCE", message: "Do not promise features it lacks.", field: "description" }];

describe("GET /api/dev/apps/:id/rejections", () => {
  it("keeps every rejection, field-tied reasons included, through resubmission and approval", async () => {
    const app = await createApp();
    expect((await history(app.id)).body).toEqual({ data: [] });

    expect((await doSubmit(app.id)).status).toBe(200);
    expect((await admin.post(reject.POST, app.id, { reasons: FIRST, message: "Nearly there." })).status).toBe(200);
    // The developer's view of the listing carries the field of each reason that names one.
    expect((await get(app.id)).body.rejection).toMatchObject({ reasons: FIRST, message: "Nearly there." });

    expect((await doSubmit(app.id)).status).toBe(200);
    expect((await admin.post(reject.POST, app.id, { reasons: SECOND })).status).toBe(200);
    expect((await doSubmit(app.id)).status).toBe(200);
    expect((await admin.post(approve.POST, app.id)).status).toBe(200);
    expect((await get(app.id)).body.rejection).toBeNull();

    const res = await history(app.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { of: "listing", reasons: SECOND, message: null, rejectedAt: expect.any(String) },
      { of: "listing", reasons: FIRST, message: "Nearly there.", rejectedAt: expect.any(String) },
    ]);
    expect(new Date(res.body.data[0].rejectedAt) > new Date(res.body.data[1].rejectedAt)).toBe(true);
  });

  it("lists an update's rejections beside the listing's", async () => {
    const { app } = await pendingUpdate({ name: "Renamed" });
    expect((await admin.post(rejectUpdate.POST, app.id, { reasons: [{ ...SECOND[0]!, field: "name" }] })).status).toBe(200);
    const res = await history(app.id);
    expect(res.body.data).toEqual([
      { of: "update", reasons: [{ ...SECOND[0], field: "name" }], message: null, rejectedAt: expect.any(String) },
    ]);
  });

  it.each([
    ["an unknown field", "colour"],
    ["a screenshot past the sixth", "screenshots[6]"],
    ["a screenshot's unknown part", "screenshots[1].alt"],
    ["a field with other characters", "description; drop table apps"],
    ["a field over 40 characters", `screenshots[1]${" ".repeat(40)}`],
    ["an empty field", ""],
  ])("refuses a reason naming %s: 400 naming reasons[0].field", async (_case, field) => {
    const app = await createApp();
    await doSubmit(app.id);
    const res = await admin.post(reject.POST, app.id, { reasons: [{ criterion: "QUALITY", message: "Fix it.", field }] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(new Set(res.body.errors.map((error: { path: string }) => error.path))).toEqual(new Set(["reasons[0].field"]));
  });

  it("answers 404 for another developer's listing", async () => {
    const app = await createApp();
    const stranger = await createTestDeveloper();
    const res = await history(app.id, stranger);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
