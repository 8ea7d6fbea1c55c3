import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { hostedAssetFiles, listingImageCopies } from "@/db/schema";

import { answersByStatus, setAppStatus } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";
import { call } from "@/test/support/http";
import { pngBytes } from "@/test/support/image-server";
import { listingsForFile } from "@/test/support/listings";

import * as submit from "./route";

const { images, createApp, get, doSubmit } = listingsForFile();

async function createAndSubmit(overrides: Record<string, unknown>) {
  const created = await createApp(overrides);
  const res = await doSubmit(created.id);
  return { res, status: (await get(created.id)).body.status };
}

describe("the state machine", () => {
  it.each(answersByStatus(["DRAFT", "REJECTED"], 200))("submit from %s gives %d", async (status, code) => {
    const app = await createApp();
    await setAppStatus(app.id, status);
    const res = await doSubmit(app.id);
    expect(res.status).toBe(code);
    if (code === 200) expect(res.body.status).toBe("PENDING");
    else {
      expect(res.body.code).toBe("invalid_state");
      expect((await get(app.id)).body.status).toBe(status);
    }
  });

  it("lets exactly one of 20 concurrent submits win", async () => {
    const app = await createApp();
    const results = await Promise.all(Array.from({ length: 20 }, () => doSubmit(app.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused.every((r) => r.body.code === "invalid_state")).toBe(true);
    expect((await get(app.id)).body.status).toBe("PENDING");
  });
});

describe("tenancy", () => {
  it("developer A gets 404 for submit on B's app, and B's app is unchanged", async () => {
    const a = await createTestDeveloper();
    const b = await createTestDeveloper();
    const app = await createApp({ name: "B Private App" }, b);
    const res = await call(submit.POST, { method: "POST", headers: a.token, params: { id: app.id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    const after = await get(app.id, b);
    expect(after.body).toMatchObject({ name: "B Private App", status: "DRAFT" });
  });

  it.each(["not-a-uuid", "123", "00000000-0000-0000-0000-000000000000", "../../etc/passwd"])("answers 404 for the id %j", async (id) => {
    const res = await doSubmit(id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});

describe("submit checks every image", () => {
  it("submits when every image meets the rules, with a checked copy of each recorded for the version", async () => {
    const created = await createApp({});
    const res = await doSubmit(created.id);
    expect(res.status).toBe(200);
    expect((await get(created.id)).body.status).toBe("PENDING");
    const db = await getDb();
    const copies = await db
      .select({ field: listingImageCopies.field, sourceUrl: listingImageCopies.sourceUrl, hash: listingImageCopies.hash })
      .from(listingImageCopies)
      .where(and(eq(listingImageCopies.subjectType, "app"), eq(listingImageCopies.subjectId, created.id)))
      .orderBy(listingImageCopies.field);
    expect(copies.map((copy) => [copy.field, copy.sourceUrl])).toEqual([
      ["bannerUrl", created.bannerUrl],
      ["logoUrl", created.logoUrl],
      ["screenshots[0].url", created.screenshots[0].url],
      ["screenshots[1].url", created.screenshots[1].url],
    ]);
    // Each copy is the very bytes the developer's server sent when it was checked.
    const [logo] = await db
      .select()
      .from(hostedAssetFiles)
      .where(and(eq(hostedAssetFiles.hash, copies[1]!.hash), eq(hostedAssetFiles.variant, "original")));
    expect(logo!.bytes.equals(pngBytes(512, 512))).toBe(true);
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

  it("refuses images whose header claims an absurd size", async () => {
    const { res, status } = await createAndSubmit({
      logoUrl: `${images.origin}/png-header/100000x100000.png`,
      screenshots: [{ url: `${images.origin}/jpg/65535x65535.jpg` }, { url: `${images.origin}/png/1280x720.png` }],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("asset_invalid");
    expect(res.body.errors).toEqual([
      {
        path: "logoUrl",
        code: "asset_invalid",
        message: "logo must be at most 8192 pixels a side and 40 megapixels (it is 100000×100000)",
      },
      {
        path: "screenshots[0].url",
        code: "asset_invalid",
        message: "screenshot must be at most 8192 pixels a side and 40 megapixels (it is 65535×65535)",
      },
    ]);
    expect(status).toBe("DRAFT");
  });
});

describe("with ASSET_FETCH_ALLOW_PRIVATE=false, as in production", () => {
  environmentForBlock({ ASSET_FETCH_ALLOW_PRIVATE: "false" });

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
