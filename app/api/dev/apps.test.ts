import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { apps, installs } from "@/db/schema";
import { setAppStatus, validAppBody } from "@/lib/testing/app-fixtures";
import { createTestDeveloper, type TestDeveloper } from "@/lib/testing/fixtures";
import { call } from "@/lib/testing/http";
import { startImageServer, type ImageServer } from "@/lib/testing/image-server";

import * as analytics from "./apps/[id]/analytics/route";
import * as appById from "./apps/[id]/route";
import * as submit from "./apps/[id]/submit/route";
import * as appsRoute from "./apps/route";

let images: ImageServer;
let owner: TestDeveloper;

beforeAll(async () => {
  images = await startImageServer();
  owner = await createTestDeveloper();
});
afterAll(() => images.close());

async function createApp(overrides: Record<string, unknown> = {}, who: TestDeveloper = owner) {
  const res = await call(appsRoute.POST, { method: "POST", headers: who.token, body: validAppBody(images.origin, overrides) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body;
}
const get = (id: string, who = owner) => call(appById.GET, { headers: who.token, params: { id } });
const put = (id: string, body: unknown, who = owner) => call(appById.PUT, { method: "PUT", headers: who.token, params: { id }, body });
const del = (id: string, who = owner) => call(appById.DELETE, { method: "DELETE", headers: who.token, params: { id } });
const doSubmit = (id: string, who = owner) => call(submit.POST, { method: "POST", headers: who.token, params: { id } });

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
      featured: false,
      installCount: 0,
      rejection: null,
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
    ["screenshots[1].caption", { screenshots: [{ url: "https://example.com/1.png" }, { url: "https://example.com/2.png", caption: "nul\u0000" }] }],
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
    ["screenshots", { screenshots: undefined }],
    ["screenshots", { screenshots: [{ url: "https://example.com/1.png" }] }],
    ["screenshots", { screenshots: Array.from({ length: 7 }, (_, i) => ({ url: `https://example.com/${i}.png` })) }],
    ["screenshots[0].url", { screenshots: [{ caption: "no url" }, { url: "https://example.com/2.png" }] }],
    ["screenshots[1].caption", { screenshots: [{ url: "https://example.com/1.png" }, { url: "https://example.com/2.png", caption: "c".repeat(201) }] }],
    ["screenshots[0].order", { screenshots: [{ url: "https://example.com/1.png", order: -1 }, { url: "https://example.com/2.png" }] }],
    ["screenshots[0].extra", { screenshots: [{ url: "https://example.com/1.png", extra: 1 }, { url: "https://example.com/2.png" }] }],
  ])("refuses an invalid %s with 400 naming it", async (path, overrides) => {
    const res = await call(appsRoute.POST, { method: "POST", headers: owner.token, body: validAppBody(images.origin, overrides) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
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

  it.each([["status", "APPROVED"], ["featured", true], ["slug", "my-slug"], ["installCount", 9999], ["id", "00000000-0000-0000-0000-000000000000"]])(
    "refuses the server-owned field %s with 400 and creates nothing",
    async (field, value) => {
      const db = await getDb();
      const before = (await db.select().from(apps).where(eq(apps.developerId, owner.developer.id))).length;
      const res = await call(appsRoute.POST, { method: "POST", headers: owner.token, body: validAppBody(images.origin, { [field]: value }) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: field, code: "read_only" })]);
      expect((await db.select().from(apps).where(eq(apps.developerId, owner.developer.id))).length).toBe(before);
    },
  );

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

  it("is fixed at creation", async () => {
    const app = await createApp({ name: "Original Name" });
    const res = await put(app.id, { name: "Renamed Entirely" });
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe(app.slug);
  });
});

describe("the state machine", () => {
  it("lets DRAFT be edited partially, screenshots replaced as a set", async () => {
    const app = await createApp();
    const res = await put(app.id, {
      description: "Now better.",
      websiteUrl: null,
      screenshots: [{ url: `${images.origin}/png/1300x800.png` }, { url: `${images.origin}/png/1400x900.png` }, { url: `${images.origin}/png/1500x900.png` }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: app.name, description: "Now better.", websiteUrl: null, status: "DRAFT" });
    expect(res.body.screenshots.map((s: { order: number }) => s.order)).toEqual([0, 1, 2]);
    const patched = await call(appById.PATCH, { method: "PATCH", headers: owner.token, params: { id: app.id }, body: { name: "Patched" } });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe("Patched");
  });

  it.each([["environment", "staging"], ["status", "APPROVED"], ["featured", true], ["slug", "x"], ["installCount", 5]])(
    "refuses %s on update with 400 and changes nothing",
    async (field, value) => {
      const app = await createApp();
      const res = await put(app.id, { [field]: value, name: "Should Not Apply" });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path: field, code: "read_only" })]);
      const after = await get(app.id);
      expect(after.body).toMatchObject({ name: app.name, environment: "production", status: "DRAFT", featured: false, slug: app.slug });
    },
  );

  it("keeps a REJECTED app's reasons through edits until it is resubmitted", async () => {
    const app = await createApp();
    const rejection = { reasons: [{ criterion: "QUALITY" as const, message: "Screenshots are blurry" }], message: "Almost there", rejectedAt: new Date().toISOString() };
    await setAppStatus(app.id, "REJECTED", { rejection });
    const edited = await put(app.id, { description: "Sharper screenshots now." });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe("REJECTED");
    expect(edited.body.rejection).toEqual(rejection);
    const submitted = await doSubmit(app.id);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: "PENDING", rejection: null, submittedAt: expect.any(String) });
  });

  it.each([
    ["PENDING", 409],
    ["APPROVED", 409],
    ["UNPUBLISHED", 409],
  ] as const)("refuses PUT on %s with %d invalid_state", async (status, code) => {
    const app = await createApp();
    await setAppStatus(app.id, status);
    const res = await put(app.id, { name: "Changed" });
    expect(res.status).toBe(code);
    expect(res.body.code).toBe("invalid_state");
    expect((await get(app.id)).body.name).toBe(app.name);
  });

  it.each([
    ["DRAFT", 204],
    ["REJECTED", 204],
    ["PENDING", 204],
    ["APPROVED", 409],
    ["UNPUBLISHED", 409],
  ] as const)("DELETE on %s gives %d", async (status, code) => {
    const app = await createApp();
    await setAppStatus(app.id, status);
    const res = await del(app.id);
    expect(res.status).toBe(code);
    if (code === 409) {
      expect(res.body.code).toBe("invalid_state");
      expect((await get(app.id)).status).toBe(200);
    } else {
      expect((await get(app.id)).status).toBe(404);
    }
  });

  it.each([
    ["DRAFT", 200],
    ["REJECTED", 200],
    ["PENDING", 409],
    ["APPROVED", 409],
    ["UNPUBLISHED", 409],
  ] as const)("submit from %s gives %d", async (status, code) => {
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
  it.each(["GET", "PUT", "DELETE", "submit", "analytics"])("developer A gets 404 for %s on B's app, and B's app is unchanged", async (action) => {
    const a = await createTestDeveloper();
    const b = await createTestDeveloper();
    const app = await createApp({ name: "B Private App" }, b);
    const headers = a.token;
    const params = { id: app.id };
    const res =
      action === "GET"
        ? await call(appById.GET, { headers, params })
        : action === "PUT"
          ? await call(appById.PUT, { method: "PUT", headers, params, body: { name: "Hijacked" } })
          : action === "DELETE"
            ? await call(appById.DELETE, { method: "DELETE", headers, params })
            : action === "submit"
              ? await call(submit.POST, { method: "POST", headers, params })
              : await call(analytics.GET, { headers, params });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    const after = await get(app.id, b);
    expect(after.body).toMatchObject({ name: "B Private App", status: "DRAFT" });
  });

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

  it.each(["not-a-uuid", "123", "00000000-0000-0000-0000-000000000000", "../../etc/passwd"])("answers 404 for the id %j", async (id) => {
    for (const res of [await get(id), await put(id, { name: "x" }), await del(id), await doSubmit(id), await call(analytics.GET, { headers: owner.token, params: { id } })]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });
});

describe("GET /api/dev/apps/:id/analytics", () => {
  it("gives zeros and 30 zero-filled days for a never-approved app", async () => {
    const app = await createApp();
    const res = await call(analytics.GET, { headers: owner.token, params: { id: app.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ installCount: 0, reviewCount: 0, averageRating: null, status: "DRAFT", featured: false });
    expect(res.body.installsByDay).toHaveLength(30);
    expect(res.body.installsByDay.every((d: { count: number }) => d.count === 0)).toBe(true);
    expect(res.body.installsByDay.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
  });

  it("counts installs per UTC day and the rating", async () => {
    const app = await createApp();
    await setAppStatus(app.id, "APPROVED", { installCount: 3, reviewCount: 2, ratingSum: 7, featured: true });
    const db = await getDb();
    const now = Date.now();
    await db.insert(installs).values([
      { appId: app.id, workspaceId: "w1", createdAt: new Date(now) },
      { appId: app.id, workspaceId: "w2", createdAt: new Date(now) },
      { appId: app.id, workspaceId: "w3", createdAt: new Date(now - 2 * 86_400_000) },
      { appId: app.id, workspaceId: "old", createdAt: new Date(now - 40 * 86_400_000) },
    ]);
    const res = await call(analytics.GET, { headers: owner.token, params: { id: app.id } });
    expect(res.body).toMatchObject({ installCount: 3, reviewCount: 2, averageRating: 3.5, status: "APPROVED", featured: true });
    const days = res.body.installsByDay as { date: string; count: number }[];
    expect(days.at(-1)!.count).toBe(2);
    expect(days.at(-3)!.count).toBe(1);
    expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(3);
  });
});
