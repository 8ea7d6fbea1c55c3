import { randomUUID } from "node:crypto";

import { describe, expect, it } from "vitest";

import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { listingsForFile } from "@/test/support/listings";

import { GET as check, POST } from "./route";

const { images, owner, createApp } = listingsForFile();

const checkOf = (id: string, url: string, kind: string, headers: Record<string, string> = owner.token) =>
  call(check, { params: { id }, path: `/assets/preview/${id}/check?url=${encodeURIComponent(url)}&kind=${kind}`, headers });

describe("GET /assets/preview/:id/check (the portal's check of an image address typed into a listing's form)", () => {
  it("says a submit would accept an image the listing does not name yet, and keeps no answer cached", async () => {
    const app = await createApp();
    const answer = await checkOf(app.id, `${images.origin}/png/640x640.png`, "logo");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect((await checkOf(app.id, `${images.origin}/png/1200x600.png`, "banner")).status).toBe(200);
    expect((await checkOf(app.id, `${images.origin}/png/1280x720.png`, "screenshot")).status).toBe(200);
  });

  it.each([
    ["a logo that is not square", "/png/1200x600.png", "logo", "logo must be square (it is 1200×600)"],
    ["a banner of the wrong size", "/png/512x512.png", "banner", "banner must be exactly 1200×600 pixels (it is 512×512)"],
    ["a screenshot too small", "/png/640x360.png", "screenshot", "screenshot must be at least 1280×720 pixels (it is 640×360)"],
  ])("refuses %s with 400 asset_invalid and the submit's reason", async (_case, path, kind, message) => {
    const app = await createApp();
    const refused = await checkOf(app.id, `${images.origin}${path}`, kind);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("asset_invalid");
    expect(refused.body.errors).toEqual([{ path: "url", code: "asset_invalid", message }]);
  });

  it("refuses what is not an image, as a submit would", async () => {
    const app = await createApp();
    const path = `/text/${randomUUID()}/logo.png`;
    images.replace(path, Buffer.from("not an image, just text"), "image/png");
    const refused = await checkOf(app.id, `${images.origin}${path}`, "logo");
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "url", code: "asset_invalid", message: "logo must be a PNG or JPEG image" }]);
  });

  it("checks only for the listings the caller reaches: another developer's, an unknown one or a malformed id is 404", async () => {
    const app = await createApp();
    const url = `${images.origin}/png/640x640.png`;
    const other = await createTestDeveloper();
    const foreign = await checkOf(app.id, url, "logo", other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");
    const unknown = await checkOf(randomUUID(), url, "logo");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found");
    expect((await checkOf("not-a-uuid", url, "logo")).status).toBe(404);
  });

  it("checks its query and the caller: url and kind required and bounded, a key needs APP_READ, a stranger 401", async () => {
    const app = await createApp();
    const url = `${images.origin}/png/640x640.png`;
    for (const path of [
      `/assets/preview/${app.id}/check?url=${encodeURIComponent(url)}`,
      `/assets/preview/${app.id}/check?kind=logo`,
      `/assets/preview/${app.id}/check?url=${encodeURIComponent(url)}&kind=description`,
      `/assets/preview/${app.id}/check?url=${encodeURIComponent(url)}&kind=logo&size=9000`,
      `/assets/preview/${app.id}/check?url=https://example.com/${"a".repeat(2100)}&kind=logo`,
    ]) {
      const refused = await call(check, { params: { id: app.id }, path, headers: owner.token });
      expect(refused.status, path).toBe(400);
      expect(refused.body.code, path).toBe("validation_failed");
    }
    const readOnly = await apiKeyHeader(owner.developer, ["APP_READ"]);
    expect((await checkOf(app.id, url, "logo", { authorization: readOnly.authorization })).status).toBe(200);
    const analyticsOnly = await apiKeyHeader(owner.developer, ["ANALYTICS_READ"]);
    const scoped = await checkOf(app.id, url, "logo", { authorization: analyticsOnly.authorization });
    expect(scoped.status).toBe(403);
    expect(scoped.body.code).toBe("insufficient_scope");
    const stranger = await checkOf(app.id, url, "logo", {});
    expect(stranger.status).toBe(401);
    expect(stranger.body.code).toBe("unauthenticated");
    const posted = await call(POST, {
      method: "POST",
      params: { id: app.id },
      path: `/assets/preview/${app.id}/check`,
      headers: owner.token,
    });
    expect(posted.status).toBe(405);
  });
});
