import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { installs } from "@/db/schema";
import { call } from "@/lib/testing/http";
import { insertPublicApp, readApp } from "@/lib/testing/public-fixtures";

import * as install from "./[slug]/install/route";

type InstallOptions = Omit<Parameters<typeof call>[1] & object, "method" | "params">;
const post = (slug: string, options: InstallOptions = {}) =>
  call(install.POST, { method: "POST", path: `/api/apps/${slug}/install`, params: { slug }, ...options });

async function installRows(appId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(installs).where(eq(installs.appId, appId));
  return row!.n;
}

describe("POST /api/apps/:slug/install", () => {
  it("counts a workspace once: 201, then 200 with the same count", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const first = await post(app.slug, { body: { workspaceId: "ws-acme" } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ slug: app.slug, installCount: 1 });
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("x-request-id")).toBeTruthy();

    const again = await post(app.slug, { body: { workspaceId: "ws-acme" } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ slug: app.slug, installCount: 1 });

    const other = await post(app.slug, { body: { workspaceId: "ws-other" } });
    expect(other.status).toBe(201);
    expect(other.body.installCount).toBe(2);
    expect(await installRows(app.id)).toBe(2);
  });

  it("counts a workspace per app, not globally", async () => {
    const { app: one } = await insertPublicApp();
    const { app: two } = await insertPublicApp();
    expect((await post(one.slug, { body: { workspaceId: "ws-shared" } })).status).toBe(201);
    expect((await post(two.slug, { body: { workspaceId: "ws-shared" } })).status).toBe(201);
  });

  it.each([
    ["no body", {}],
    ["an empty JSON object", { body: {} }],
    ["an empty body with a JSON content type", { rawBody: "", headers: { "content-type": "application/json" } }],
    ["whitespace", { rawBody: "  \n", headers: { "content-type": "application/json" } }],
  ])("counts every anonymous install (%s)", async (_what, options) => {
    const { app } = await insertPublicApp({ installCount: 3 });
    const first = await post(app.slug, options);
    const second = await post(app.slug, options);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect([first.body.installCount, second.body.installCount]).toEqual([4, 5]);
    expect(await installRows(app.id)).toBe(2);
  });

  it("stays exact under 200 concurrent installs from distinct workspaces", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post(app.slug, { body: { workspaceId: `ws-${i}` } })),
    );
    expect(results.every((res) => res.status === 201)).toBe(true);
    // Every request saw a different count: each increment was its own.
    expect(new Set(results.map((res) => res.body.installCount)).size).toBe(200);
    expect((await readApp(app.id)).installCount).toBe(200);
    expect(await installRows(app.id)).toBe(200);
  });

  it("counts one workspace once under concurrency, and anonymous installs alongside each", async () => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const same = Array.from({ length: 30 }, () => post(app.slug, { body: { workspaceId: "ws-racing" } }));
    const anonymous = Array.from({ length: 20 }, () => post(app.slug));
    const [sameResults, anonymousResults] = await Promise.all([Promise.all(same), Promise.all(anonymous)]);
    expect(sameResults.filter((res) => res.status === 201)).toHaveLength(1);
    expect(sameResults.filter((res) => res.status === 200)).toHaveLength(29);
    expect(anonymousResults.every((res) => res.status === 201)).toBe(true);
    expect((await readApp(app.id)).installCount).toBe(21);
    expect(await installRows(app.id)).toBe(21);
  });

  it.each([
    [{ workspaceId: "" }, "workspaceId", "too_small"],
    [{ workspaceId: "w".repeat(101) }, "workspaceId", "too_big"],
    [{ workspaceId: "has space" }, "workspaceId", "invalid_format"],
    [{ workspaceId: "a/b" }, "workspaceId", "invalid_format"],
    [{ workspaceId: "ünï" }, "workspaceId", "invalid_format"],
    [{ workspaceId: 42 }, "workspaceId", "invalid_type"],
    [{ workspaceId: null }, "workspaceId", "invalid_type"],
    [{ workspace: "ws" }, "workspace", "unknown_field"],
    [{ installCount: 99 }, "installCount", "read_only"],
    [["ws"], "", "invalid_type"],
  ])("refuses %j with 400 naming %s", async (body, path, code) => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const res = await post(app.slug, { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, code }));
    expect((await readApp(app.id)).installCount).toBe(0);
  });

  it("accepts the widest workspace id", async () => {
    const { app } = await insertPublicApp();
    const res = await post(app.slug, { body: { workspaceId: `Ab0._:-${"x".repeat(93)}` } });
    expect(res.status).toBe(201);
  });

  it.each([
    ["invalid JSON", { rawBody: "{workspaceId:", headers: { "content-type": "application/json" } }, 400, "invalid_json"],
    ["a text body", { rawBody: "ws-1", headers: { "content-type": "text/plain" } }, 415, "unsupported_media_type"],
    ["a form body", { rawBody: "workspaceId=ws-1", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415, "unsupported_media_type"],
    ["a body without content type", { rawBody: '{"workspaceId":"ws-1"}' }, 415, "unsupported_media_type"],
  ])("refuses %s", async (_what, options, status, code) => {
    const { app } = await insertPublicApp({ installCount: 0 });
    const res = await post(app.slug, options);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await installRows(app.id)).toBe(0);
  });

  it.each(["no-such-app", "featured", "Not A Slug"])("answers an unknown slug %j with 404", async (slug) => {
    const res = await post(slug, { body: { workspaceId: "ws-1" } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
