import { randomUUID } from "node:crypto";

import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { createTestDeveloper } from "@/test/support/developers";
import { apiKeyHeader } from "@/test/support/api-keys";
import { call } from "@/test/support/http";
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
