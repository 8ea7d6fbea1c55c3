import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { apps } from "@/db/schema";
import { validAppBody } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";
import { call } from "@/test/support/http";
import { listingsForFile } from "@/test/support/listings";

import * as appsRoute from "./route";

const { images, owner, createApp } = listingsForFile();

describe("POST /api/dev/apps", () => {
  it("creates a DRAFT with the developer view of the contract", async () => {
    const res = await call(appsRoute.POST, {
      method: "POST",
      headers: owner.token,
      body: validAppBody(images.origin, {
        name: "Inbox Zero Helper",
        screenshots: [
          { url: `${images.origin}/png/1280x720.png?b`, caption: "Second", order: 1 },
          { url: `${images.origin}/png/1280x720.png?a`, order: 0 },
        ],
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      slug: "inbox-zero-helper",
      name: "Inbox Zero Helper",
      description: "Pomodoro sessions for your Yapture tasks. Track focus time per task.",
      longDescription: "## Focus\n\nStart a timer from any task.",
      language: null,
      category: "PRODUCTIVITY",
      environment: "production",
      logoUrl: `${images.origin}/png/512x512.png`,
      bannerUrl: `${images.origin}/png/1200x600.png`,
      websiteUrl: "https://focus.example.com",
      oauthClientId: null,
      screenshots: [
        { url: `${images.origin}/png/1280x720.png?a`, caption: null, order: 0 },
        { url: `${images.origin}/png/1280x720.png?b`, caption: "Second", order: 1 },
      ],
      status: "DRAFT",
      // A production listing is PUBLIC unless it says otherwise (docs/visibility.md); never reviewed yet.
      visibility: "PUBLIC",
      reviewedVisibility: null,
      featured: false,
      installCount: 0,
      activeInstallCount: 0,
      version: 1,
      changelog: [],
      revision: null,
      rejection: null,
      unpublishReason: null,
      submittedAt: null,
      publishedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it.each([
    ["name", { name: "" }],
    ["name", { name: "n".repeat(81) }],
    ["name", { name: "Nul\u0000Name" }],
    [
      "screenshots[1].caption",
      { screenshots: [{ url: "https://example.com/1.png" }, { url: "https://example.com/2.png", caption: "nul\u0000" }] },
    ],
    ["description", { description: "" }],
    ["description", { description: "d".repeat(201) }],
    ["description", { description: "One. Two. Three." }],
    ["longDescription", { longDescription: "l".repeat(20_001) }],
    ["category", { category: "GAMES" }],
    ["category", { category: "productivity" }],
    ["environment", { environment: "prod" }],
    ["environment", { environment: undefined }],
    ["websiteUrl", { websiteUrl: "http://insecure.example.com" }],
    ["websiteUrl", { websiteUrl: "not a url" }],
    ["logoUrl", { logoUrl: "ftp://files.example.com/logo.png" }],
    ["logoUrl", { logoUrl: `https://example.com/${"x".repeat(2048)}` }],
    ["bannerUrl", { bannerUrl: "https://user:pass@example.com/banner.png" }],
    ["oauthClientId", { oauthClientId: "c".repeat(201) }],
    ["oauthClientId", { oauthClientId: "my client" }],
    ["oauthClientId", { oauthClientId: "client\nApproved by support" }],
    ["oauthClientId", { oauthClientId: '"><img src=x>' }],
    ["oauthClientId", { oauthClientId: "-leading-dash" }],
    ["language", { language: "english" }],
    ["language", { language: "en_US" }],
    ["language", { language: "ar-" }],
    ["language", { language: "e" }],
    ["language", { language: "xx" }],
    ["language", { language: "en-XY" }],
    ["language", { language: `ar-${"x".repeat(40)}` }],
    ["language", { language: '"><script>' }],
    ["language", { language: 42 }],
    ["screenshots", { screenshots: undefined }],
    ["screenshots", { screenshots: [{ url: "https://example.com/1.png" }] }],
    ["screenshots", { screenshots: Array.from({ length: 7 }, (_, i) => ({ url: `https://example.com/${i}.png` })) }],
    ["screenshots[0].url", { screenshots: [{ caption: "no url" }, { url: "https://example.com/2.png" }] }],
    [
      "screenshots[1].caption",
      { screenshots: [{ url: "https://example.com/1.png" }, { url: "https://example.com/2.png", caption: "c".repeat(201) }] },
    ],
    ["screenshots[0].order", { screenshots: [{ url: "https://example.com/1.png", order: -1 }, { url: "https://example.com/2.png" }] }],
    ["screenshots[0].extra", { screenshots: [{ url: "https://example.com/1.png", extra: 1 }, { url: "https://example.com/2.png" }] }],
  ])("refuses an invalid %s with 400 naming it", async (path, overrides) => {
    const res = await call(appsRoute.POST, { method: "POST", headers: owner.token, body: validAppBody(images.origin, overrides) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it.each([
    ["an OAuth client ID, trimmed", "  yapture-app_01.prod~2  ", "yapture-app_01.prod~2"],
    ["an empty one as none", "", null],
  ])("accepts %s", async (_what, oauthClientId, stored) => {
    const res = await call(appsRoute.POST, { method: "POST", headers: owner.token, body: validAppBody(images.origin, { oauthClientId }) });
    expect(res.status).toBe(201);
    expect(res.body.oauthClientId).toBe(stored);
  });

  it.each([
    ["an Arabic tag", "ar", "ar"],
    ["a tag in its canonical case, trimmed", " fa-ir ", "fa-IR"],
    ["a script subtag", "zh-hant-tw", "zh-Hant-TW"],
    ["an empty one as none", "", null],
    ["null as none", null, null],
  ])("stores and answers the language: %s", async (_what, language, stored) => {
    const res = await call(appsRoute.POST, { method: "POST", headers: owner.token, body: validAppBody(images.origin, { language }) });
    expect(res.status).toBe(201);
    expect(res.body.language).toBe(stored);
    const [row] = await (await getDb()).select({ language: apps.language }).from(apps).where(eq(apps.id, res.body.id));
    expect(row!.language).toBe(stored);
  });

  it("says what is wrong in people's words, not in type names", async () => {
    const res = await call(appsRoute.POST, { method: "POST", headers: owner.token, body: { name: 42, category: "PRODUCTIVITY" } });
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(res.body.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(messages).toMatchObject({ name: "must be text", description: "is required", environment: "is required" });
    expect(JSON.stringify(res.body)).not.toMatch(/Invalid (input|option)|expected string|received/);
  });

  it("accepts two sentences and the field limits", async () => {
    const app = await createApp({
      name: "n".repeat(80),
      description: `${"Short one.".padEnd(100, "x")} And another sentence here!`,
      longDescription: "l".repeat(20_000),
      screenshots: Array.from({ length: 6 }, (_, i) => ({ url: `${images.origin}/png/1280x720.png?${i}`, caption: "c".repeat(200) })),
    });
    expect(app.screenshots).toHaveLength(6);
    expect(app.slug.length).toBeLessThanOrEqual(60);
  });

  it.each([
    ["status", "APPROVED"],
    ["featured", true],
    ["slug", "my-slug"],
    ["installCount", 9999],
    ["id", "00000000-0000-0000-0000-000000000000"],
  ])("refuses the server-owned field %s with 400 and creates nothing", async (field, value) => {
    const db = await getDb();
    const before = (await db.select().from(apps).where(eq(apps.developerId, owner.developer.id))).length;
    const res = await call(appsRoute.POST, { method: "POST", headers: owner.token, body: validAppBody(images.origin, { [field]: value }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: field, code: "read_only" })]);
    expect((await db.select().from(apps).where(eq(apps.developerId, owner.developer.id))).length).toBe(before);
  });

  it("refuses unverified developers with 403 developer_not_verified", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    const res = await call(appsRoute.POST, { method: "POST", headers: pending.token, body: validAppBody(images.origin) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("developer_not_verified");
  });
});

describe("slugs", () => {
  it("gives 20 concurrent creates of one name 20 distinct slugs, without a 500", async () => {
    const dev = await createTestDeveloper();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(appsRoute.POST, { method: "POST", headers: dev.token, body: validAppBody(images.origin, { name: "Race Condition Tracker" }) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const slugs = results.map((r) => r.body.slug as string);
    expect(new Set(slugs).size).toBe(20);
    expect(slugs).toContain("race-condition-tracker");
    for (const slug of slugs) expect(slug).toMatch(/^race-condition-tracker(-\d+)?$/);
  });

  it.each([
    ["Featured", "featured-2"],
    ["Categories", "categories-2"],
    ["New", "new-2"],
    ["Search!", "search-2"],
  ])("never gives %s a reserved slug", async (name, expected) => {
    const dev = await createTestDeveloper();
    const app = await createApp({ name }, dev);
    expect(app.slug).toBe(expected);
  });

  it("transliterates names in other scripts instead of falling back to app, app-2, …", async () => {
    const dev = await createTestDeveloper();
    expect((await createApp({ name: "Café Планер" }, dev)).slug).toBe("cafe-planer");
    expect((await createApp({ name: "Café Планер" }, dev)).slug).toBe("cafe-planer-2");
  });
});

describe("GET /api/dev/apps", () => {
  it("lists only the caller's apps, newest first, paged", async () => {
    const dev = await createTestDeveloper();
    const other = await createTestDeveloper();
    await createApp({ name: "Other's app" }, other);
    const first = await createApp({ name: "First" }, dev);
    const second = await createApp({ name: "Second" }, dev);
    const res = await call(appsRoute.GET, { headers: dev.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { id: string }) => a.id)).toEqual([second.id, first.id]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    const page2 = await call(appsRoute.GET, { headers: dev.token, path: "/api/dev/apps?limit=1&page=2" });
    expect(page2.body.data.map((a: { id: string }) => a.id)).toEqual([first.id]);
  });
});

describe("with ASSET_FETCH_ALLOW_PRIVATE=false, as in production", () => {
  environmentForBlock({ ASSET_FETCH_ALLOW_PRIVATE: "false" });

  it("refuses http:// image URLs at create", async () => {
    const res = await call(appsRoute.POST, { method: "POST", headers: owner.token, body: validAppBody(images.origin) });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(["logoUrl", "bannerUrl", "screenshots[0].url", "screenshots[1].url"]),
    );
  });
});
