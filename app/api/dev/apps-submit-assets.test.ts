import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { resetEnvCache } from "@/lib/env";
import { validAppBody } from "@/lib/testing/app-fixtures";
import { createTestDeveloper, type TestDeveloper } from "@/lib/testing/fixtures";
import { call } from "@/lib/testing/http";
import { startImageServer, type ImageServer } from "@/lib/testing/image-server";

import * as appById from "./apps/[id]/route";
import * as submit from "./apps/[id]/submit/route";
import * as appsRoute from "./apps/route";

let images: ImageServer;
let dev: TestDeveloper;
beforeAll(async () => {
  images = await startImageServer();
  dev = await createTestDeveloper();
});
afterAll(() => images.close());

async function createAndSubmit(overrides: Record<string, unknown>) {
  const created = await call(appsRoute.POST, { method: "POST", headers: dev.token, body: validAppBody(images.origin, overrides) });
  expect(created.status).toBe(201);
  const res = await call(submit.POST, { method: "POST", headers: dev.token, params: { id: created.body.id } });
  const after = await call(appById.GET, { headers: dev.token, params: { id: created.body.id } });
  return { res, status: after.body.status };
}

describe("submit checks every image", () => {
  it("submits when every image meets the rules", async () => {
    const { res, status } = await createAndSubmit({});
    expect(res.status).toBe(200);
    expect(status).toBe("PENDING");
  });

  it("answers one 400 asset_invalid with an entry per bad image and keeps the app in DRAFT", async () => {
    const { res, status } = await createAndSubmit({
      logoUrl: `${images.origin}/png/300x300.png`,
      bannerUrl: `${images.origin}/jpg/1200x601.jpg`,
      screenshots: [
        { url: `${images.origin}/png/1280x720.png` },
        { url: `${images.origin}/gif/1280x720.gif` },
        { url: `${images.origin}/status/404` },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("asset_invalid");
    expect(res.body.errors).toEqual([
      { path: "logoUrl", code: "asset_invalid", message: "logo must be at least 512×512 pixels (it is 300×300)" },
      { path: "bannerUrl", code: "asset_invalid", message: "banner must be exactly 1200×600 pixels (it is 1200×601)" },
      { path: "screenshots[1].url", code: "asset_invalid", message: "screenshot must be a PNG or JPEG image" },
      { path: "screenshots[2].url", code: "asset_invalid", message: "screenshot returned HTTP 404" },
    ]);
    expect(status).toBe("DRAFT");
  });
});

describe("with ASSET_FETCH_ALLOW_PRIVATE=false, as in production", () => {
  beforeAll(() => {
    process.env.ASSET_FETCH_ALLOW_PRIVATE = "false";
    resetEnvCache();
  });
  afterEach(() => undefined);
  afterAll(() => {
    delete process.env.ASSET_FETCH_ALLOW_PRIVATE;
    resetEnvCache();
  });

  it("refuses http:// image URLs at create", async () => {
    const res = await call(appsRoute.POST, { method: "POST", headers: dev.token, body: validAppBody(images.origin) });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(["logoUrl", "bannerUrl", "screenshots[0].url", "screenshots[1].url"]),
    );
  });

  it("refuses loopback, private, link-local, metadata and IPv4-mapped hosts at submit, without connecting", async () => {
    const port = new URL(images.origin).port;
    const before = images.connections();
    const { res, status } = await createAndSubmit({
      logoUrl: `https://127.0.0.1:${port}/png/512x512.png`,
      bannerUrl: "https://10.0.0.1/banner.png",
      screenshots: [
        { url: "https://169.254.169.254/latest/meta-data/iam" },
        { url: `https://[::1]:${port}/png/1280x720.png` },
        { url: `https://[::ffff:127.0.0.1]:${port}/png/1280x720.png` },
        { url: `https://localhost:${port}/png/1280x720.png` },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("asset_invalid");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
      "logoUrl",
      "bannerUrl",
      "screenshots[0].url",
      "screenshots[1].url",
      "screenshots[2].url",
      "screenshots[3].url",
    ]);
    for (const error of res.body.errors) expect(error.message).toMatch(/private or reserved address/);
    expect(images.connections()).toBe(before);
    expect(status).toBe("DRAFT");
  });
});
