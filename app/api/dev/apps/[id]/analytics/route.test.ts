import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { installs } from "@/db/schema";
import * as appById from "@/app/api/dev/apps/[id]/route";
import { setAppStatus } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { listingsForFile } from "@/test/support/listings";

import * as analytics from "./route";

const { owner, createApp } = listingsForFile();

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

  it("answers a range it would ignore with 400 naming the parameter (the range is the series endpoint's)", async () => {
    const app = await createApp();
    const res = await call(analytics.GET, {
      path: `/api/dev/apps/${app.id}/analytics?from=2026-01-01&interval=month`,
      headers: owner.token,
      params: { id: app.id },
    });
    expect([res.status, res.body.code]).toEqual([400, "validation_failed"]);
    expect(res.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(["from", "interval"]);
  });
});

describe("tenancy", () => {
  it("developer A gets 404 for the analytics of B's app, and B's app is unchanged", async () => {
    const a = await createTestDeveloper();
    const b = await createTestDeveloper();
    const app = await createApp({ name: "B Private App" }, b);
    const res = await call(analytics.GET, { headers: a.token, params: { id: app.id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    const after = await call(appById.GET, { headers: b.token, params: { id: app.id } });
    expect(after.body).toMatchObject({ name: "B Private App", status: "DRAFT" });
  });

  it.each(["not-a-uuid", "123", "00000000-0000-0000-0000-000000000000", "../../etc/passwd"])("answers 404 for the id %j", async (id) => {
    const res = await call(analytics.GET, { headers: owner.token, params: { id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });
});
