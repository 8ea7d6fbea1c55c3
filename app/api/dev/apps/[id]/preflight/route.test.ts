import { describe, expect, it } from "vitest";

import { answersByStatus, readApp, setAppStatus } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";
import { call } from "@/test/support/http";
import { listingsForFile } from "@/test/support/listings";
import { forgetProcessCaches } from "@/test/support/process-caches";

import * as preflight from "./route";

const { owner, images, createApp, doSubmit, get } = listingsForFile();
const doPreflight = (id: string, who = owner) => call(preflight.POST, { method: "POST", headers: who.token, params: { id } });

describe("POST /api/dev/apps/:id/preflight", () => {
  it("passes a listing whose every check passes, and leaves it a DRAFT", async () => {
    const app = await createApp();
    const res = await doPreflight(app.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ready: true, status: "DRAFT", checkedImages: 4 });
    const after = await get(app.id);
    expect(after.body).toMatchObject({ status: "DRAFT", submittedAt: null, updatedAt: app.updatedAt });
  });

  it("refuses a bad image with asset_invalid naming the field, and leaves the listing a DRAFT", async () => {
    const app = await createApp({
      logoUrl: `${images.origin}/png/300x300.png`,
      screenshots: [{ url: `${images.origin}/png/1280x720.png` }, { url: `${images.origin}/gif/1280x720.gif` }],
    });
    const res = await doPreflight(app.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("asset_invalid");
    expect(res.body.errors).toEqual([
      { path: "logoUrl", code: "asset_invalid", message: "logo must be at least 512×512 pixels (it is 300×300)" },
      { path: "screenshots[1].url", code: "asset_invalid", message: "screenshot must be a PNG or JPEG image" },
    ]);
    expect((await readApp(app.id)).status).toBe("DRAFT");
    // The submit refuses it the same way.
    const submitted = await doSubmit(app.id);
    expect(submitted.status).toBe(400);
    expect(submitted.body.errors).toEqual(res.body.errors);
  });

  it.each(answersByStatus(["DRAFT", "REJECTED"], 200))("from %s answers %d, and changes nothing", async (status, code) => {
    const app = await createApp();
    await setAppStatus(app.id, status);
    const res = await doPreflight(app.id);
    expect(res.status).toBe(code);
    if (code === 200) expect(res.body.status).toBe(status);
    else expect(res.body.code).toBe("invalid_state");
    expect((await readApp(app.id)).status).toBe(status);
  });

  it("answers 404 for another developer's listing", async () => {
    const app = await createApp();
    const stranger = await createTestDeveloper();
    const res = await doPreflight(app.id, stranger);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});

describe("counted against the submit limit", () => {
  environmentForBlock({ RATE_LIMITS: "on", RATE_LIMIT_SUBMIT: "1/1h" });

  it("a preflight uses the developer's submit quota: the submit after it is 429", async () => {
    forgetProcessCaches();
    const developer = await createTestDeveloper();
    const app = await createApp({}, developer);
    const checked = await doPreflight(app.id, developer);
    expect(checked.status).toBe(200);
    expect(checked.headers.get("ratelimit-policy")).toContain('"submit";q=1;w=3600');
    const submitted = await doSubmit(app.id, developer);
    expect(submitted.status).toBe(429);
    expect(submitted.body.code).toBe("rate_limited");
  });
});
