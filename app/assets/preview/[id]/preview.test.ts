import { randomUUID } from "node:crypto";

import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { createTestDeveloper } from "@/test/support/developers";
import { apiKeyHeader } from "@/test/support/api-keys";
import { call } from "@/test/support/http";
import { IMAGE_LINES } from "@/lib/assets/hosted/limits";
import { imageLines } from "@/lib/assets/hosted/process-image";
import { blackPng, manyScanJpeg } from "@/test/support/hostile-images";
import { pngBytes } from "@/test/support/image-server";
import { revisionsForFile } from "@/test/support/revisions";

import { GET as preview } from "./route";

const { images, owner, createApp, create, liveApp } = revisionsForFile();

const previewOf = (id: string, url: string, headers: Record<string, string> = owner.token) =>
  call(preview, { params: { id }, path: `/assets/preview/${id}?url=${encodeURIComponent(url)}`, headers });

describe("GET /assets/preview/:id (the portal's preview of a draft's images)", () => {
  it("answers an image the caller's draft names as a WebP re-encoded from the checked download, privately cached", async () => {
    const app = await createApp();
    const logo = await previewOf(app.id, app.logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/webp");
    expect(logo.headers.get("cache-control")).toBe("private, max-age=300");
    expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(logo.headers.get("content-security-policy")).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");

    const shot = await previewOf(app.id, app.screenshots[1].url);
    expect(shot.status).toBe(200);
    expect(shot.headers.get("content-type")).toBe("image/webp");
  });

  it("is the largest variant the field's pages use, never wider than the original", async () => {
    const app = await createApp();
    const raw = await fetchPreviewBytes(app.id, app.logoUrl);
    expect(await sharp(raw).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });
    const shot = await fetchPreviewBytes(app.id, app.screenshots[0].url);
    expect(await sharp(shot).metadata()).toMatchObject({ format: "webp", width: 1280, height: 720 });
  });

  it("previews the images of an update in progress and of the live listing", async () => {
    const app = await liveApp();
    const newLogo = `${images.origin}/png/640x640.png`;
    expect((await create(app.id, { logoUrl: newLogo })).status).toBe(201);
    expect((await previewOf(app.id, newLogo)).status).toBe(200);
    expect((await previewOf(app.id, `${images.origin}/png/512x512.png`)).status).toBe(200);
  });

  it("is no open proxy: an address the listing does not name, or another developer's listing, is 404", async () => {
    const app = await createApp();
    const other = await createTestDeveloper();
    const notNamed = await previewOf(app.id, `${images.origin}/png/300x300.png`);
    expect(notNamed.status).toBe(404);
    expect(notNamed.body.code).toBe("not_found");
    const foreign = await previewOf(app.id, app.logoUrl, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");
    const unknown = await previewOf(randomUUID(), app.logoUrl);
    expect(unknown.status).toBe(404);
    expect(
      (await call(preview, { params: { id: "not-a-uuid" }, path: "/assets/preview/not-a-uuid?url=x", headers: owner.token })).status,
    ).toBe(404);
  });

  it("refuses an image that would fail its submit with 400 asset_invalid naming why", async () => {
    const path = `/swap/${randomUUID()}/logo.png`;
    images.replace(path, pngBytes(512, 512), "image/png");
    const app = await createApp({ logoUrl: `${images.origin}${path}` });
    images.replace(path, Buffer.from("not an image, just text"), "image/png");
    const refused = await previewOf(app.id, app.logoUrl);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("asset_invalid");
    expect(refused.body.errors).toEqual([{ path: "url", code: "asset_invalid", message: "logo must be a PNG or JPEG image" }]);
  });

  it("checks its query and the caller: url once and bounded, no other parameter, a key needs APP_READ, a stranger 401", async () => {
    const app = await createApp();
    const missing = await call(preview, { params: { id: app.id }, path: `/assets/preview/${app.id}`, headers: owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("validation_failed");
    const huge = await previewOf(app.id, `https://example.com/${"a".repeat(2100)}`);
    expect(huge.status).toBe(400);
    expect(huge.body.code).toBe("validation_failed");
    const extra = await call(preview, {
      params: { id: app.id },
      path: `/assets/preview/${app.id}?url=${encodeURIComponent(app.logoUrl)}&size=9000`,
      headers: owner.token,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe("validation_failed");
    const twice = await call(preview, { params: { id: app.id }, path: `/assets/preview/${app.id}?url=a&url=b`, headers: owner.token });
    expect(twice.status).toBe(400);

    const readOnly = await apiKeyHeader(owner.developer, ["APP_READ"]);
    expect((await previewOf(app.id, app.logoUrl, { authorization: readOnly.authorization })).status).toBe(200);
    const analyticsOnly = await apiKeyHeader(owner.developer, ["ANALYTICS_READ"]);
    const scoped = await previewOf(app.id, app.logoUrl, { authorization: analyticsOnly.authorization });
    expect(scoped.status).toBe(403);
    expect(scoped.body.code).toBe("insufficient_scope");
    const stranger = await previewOf(app.id, app.logoUrl, {});
    expect(stranger.status).toBe(401);
  });
});

describe("GET /assets/preview/:id with hostile images (issue 42)", () => {
  /** A draft whose first screenshot is `bytes`, served by the developer's server. */
  async function draftShowing(bytes: Buffer, contentType: string) {
    const path = `/hostile/${randomUUID()}/shot`;
    images.replace(path, bytes, contentType);
    const url = `${images.origin}${path}`;
    const app = await createApp({
      screenshots: [
        { url, caption: "Hostile" },
        { url: `${images.origin}/png/1280x720.png`, caption: "Plain" },
      ],
    });
    return { app, url };
  }

  it.each([
    [
      "a progressive JPEG of 6,000 scans (seconds of decoding for every preview)",
      () => manyScanJpeg({ width: 1280, height: 720, scans: 6000 }),
      "image/jpeg",
      "screenshot is a JPEG of more than 32 scans (each one is decoded over the whole image); save it as a baseline JPEG, or progressive with your encoder's usual settings",
    ],
    [
      "a 16-bit interlaced PNG of 40 megapixels (0.3 MB that decodes to 320 MB)",
      async () => blackPng({ width: 6324, height: 6324, bits: 16, colour: "rgba", interlaced: true }),
      "image/png",
      "screenshot would take 320 MB of memory to decode (an interlaced PNG of 4 channels of 16 bits, 6324×6324); at most 160 MB: save it without interlacing, or with 8 bits a channel",
    ],
  ])("refuses %s with 400 asset_invalid, before decoding it", async (_, make, contentType, message) => {
    const { app, url } = await draftShowing(await make(), contentType);
    const refused = await previewOf(app.id, url);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("asset_invalid");
    expect(refused.body.errors).toEqual([{ path: "url", code: "asset_invalid", message }]);
  });

  it("keeps a bounded number of a developer's images in flight and waiting: beyond, 429 with Retry-After; another developer is served meanwhile", async () => {
    const { perOwner, waitingPerOwner } = IMAGE_LINES.inFlight;
    const path = `/slow/${randomUUID()}/logo.png`;
    images.replace(path, pngBytes(512, 512), "image/png");
    const app = await createApp({ logoUrl: `${images.origin}${path}` });
    const release = images.hold(path);
    const downloads = () => images.requests.filter((request) => request === path).length;
    const accepted = perOwner + waitingPerOwner;
    const waiting = Array.from({ length: accepted }, () => previewOf(app.id, app.logoUrl));
    // Every one of them is in the line: the first ones downloading (held), the rest waiting.
    await expect.poll(() => imageLines().inFlight.counts, { timeout: 20_000 }).toEqual({ running: perOwner, waiting: waitingPerOwner });
    await expect.poll(downloads).toBe(perOwner);

    const over = await previewOf(app.id, app.logoUrl);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("rate_limited");
    expect(over.headers.get("retry-after")).toBe("5");
    expect(over.body.detail).toBe(`too many at once: ${waitingPerOwner} of your images being checked are already waiting; retry in 5 s`);

    const other = await createTestDeveloper();
    const theirs = await createApp({}, other);
    expect((await previewOf(theirs.id, theirs.logoUrl, other.token)).status).toBe(200);

    release();
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual(Array.from({ length: accepted }, () => 200));
    expect(downloads()).toBe(accepted);
  });
});

async function fetchPreviewBytes(id: string, url: string): Promise<Buffer> {
  const response = await preview(
    new Request(`http://localhost/assets/preview/${id}?url=${encodeURIComponent(url)}`, { headers: owner.token }),
    {
      params: Promise.resolve({ id }),
    },
  );
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
