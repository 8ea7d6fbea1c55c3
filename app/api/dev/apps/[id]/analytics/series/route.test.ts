import { describe, expect, inject, it } from "vitest";

import * as install from "@/app/api/apps/[slug]/install/route";
import * as uninstall from "@/app/api/apps/[slug]/installs/[workspaceId]/route";
import { getDb } from "@/db/client";
import { appDailyStats, reviews } from "@/db/schema";
import { addDays, todayUtc } from "@/lib/analytics/range";
import { apiKeyHeader } from "@/test/support/api-keys";
import { insertApp, readApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { newUser, sessionCookie } from "@/test/support/identity";
import { runInstallChurn } from "@/test/support/install-churn";

import * as series from "./route";

const today = todayUtc();

async function seriesOf(token: Record<string, string>, appId: string, query = "") {
  return call(series.GET, { path: `/api/dev/apps/${appId}/analytics/series${query}`, params: { id: appId }, headers: token });
}

async function signedInMemberOf(workspaceId: string) {
  const user = newUser({ workspaces: [{ id: workspaceId, name: `Team ${workspaceId}` }] });
  return { cookie: await sessionCookie(user), origin: "http://localhost:3000" };
}

describe("GET /api/dev/apps/:id/analytics/series", () => {
  it("shows an install and its removal the same day: installs 1, uninstalls 1, active 0", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer, { installCount: 0 });
    const headers = await signedInMemberOf("ws-series");
    const installed = await call(install.POST, {
      method: "POST",
      params: { slug: app.slug },
      headers,
      body: { workspaceId: "ws-series", source: "search", searchTerm: "focus" },
    });
    expect(installed.status).toBe(201);
    const removed = await call(uninstall.DELETE, {
      method: "DELETE",
      path: `/api/apps/${app.slug}/installs/ws-series?reason=missing_feature`,
      params: { slug: app.slug, workspaceId: "ws-series" },
      headers,
    });
    expect(removed.status).toBe(200);
    expect(await readApp(app.id)).toMatchObject({ installCount: 1, activeInstallCount: 0 });

    const res = await seriesOf(dev.token, app.id, "?groupBy=source&metrics=installs,uninstalls,activeInstalls");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: addDays(today, -29), to: today, interval: "day", groupBy: "source" });
    expect(res.body.metrics).toEqual(["installs", "uninstalls", "activeInstalls"]);
    expect(res.body.points).toHaveLength(30);
    const last = res.body.points.at(-1);
    expect(last).toMatchObject({ start: today, end: today, installs: 1, uninstalls: 1, activeInstalls: 0 });
    expect(last.sources.search).toEqual({ installs: 1, uninstalls: 1, activeInstalls: 0 });
    expect(last.sources.api).toEqual({ installs: 0, uninstalls: 0, activeInstalls: 0 });
    expect(last).not.toHaveProperty("impressions");
  });

  it("sums weeks and months cut to the range, carries active installs from before it, and averages every review up to each period", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer);
    const db = await getDb();
    await db.insert(appDailyStats).values([
      { appId: app.id, day: "2025-12-31", source: "other", installs: 5, uninstalls: 1 },
      { appId: app.id, day: "2026-01-05", source: "search", impressions: 100, pageViews: 10, installs: 2 }, // a Monday
      { appId: app.id, day: "2026-01-11", source: "search", impressions: 50, pageViews: 5 }, // its Sunday
      { appId: app.id, day: "2026-01-12", source: "home", impressions: 7, uninstalls: 3 },
      { appId: app.id, day: "2026-02-01", source: "api", impressions: 1 },
    ]);
    await db.insert(reviews).values([
      { appId: app.id, yaptureUserId: "r1", authorName: "R1", rating: 5, createdAt: new Date("2025-11-01T10:00:00Z") },
      { appId: app.id, yaptureUserId: "r2", authorName: "R2", rating: 2, createdAt: new Date("2026-01-20T23:59:00Z") },
      {
        appId: app.id,
        yaptureUserId: "r3",
        authorName: "R3",
        rating: 1,
        createdAt: new Date("2026-01-21T00:00:00Z"),
        hiddenAt: new Date(),
        hiddenReason: "spam",
      },
    ]);

    const weeks = await seriesOf(dev.token, app.id, "?from=2026-01-07&to=2026-01-20&interval=WEEK");
    expect(weeks.status).toBe(200);
    expect(weeks.body.points).toEqual([
      {
        start: "2026-01-07",
        end: "2026-01-11",
        impressions: 50,
        pageViews: 5,
        installs: 0,
        uninstalls: 0,
        activeInstalls: 6,
        reviews: 0,
        averageRating: 5,
      },
      {
        start: "2026-01-12",
        end: "2026-01-18",
        impressions: 7,
        pageViews: 0,
        installs: 0,
        uninstalls: 3,
        activeInstalls: 3,
        reviews: 0,
        averageRating: 5,
      },
      {
        start: "2026-01-19",
        end: "2026-01-20",
        impressions: 0,
        pageViews: 0,
        installs: 0,
        uninstalls: 0,
        activeInstalls: 3,
        reviews: 1,
        averageRating: 3.5,
      },
    ]);

    const months = await seriesOf(dev.token, app.id, "?from=2025-12-15&to=2026-02-10&interval=month&metrics=installs,activeInstalls");
    expect(months.body.points).toEqual([
      { start: "2025-12-15", end: "2025-12-31", installs: 5, activeInstalls: 4 },
      { start: "2026-01-01", end: "2026-01-31", installs: 2, activeInstalls: 3 },
      { start: "2026-02-01", end: "2026-02-10", installs: 0, activeInstalls: 3 },
    ]);
  });

  it("answers a range of 400 days, and refuses more, to before from, unknown metrics and unknown parameters, naming them", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer);
    const longest = await seriesOf(dev.token, app.id, `?from=${addDays(today, -399)}&to=${today}&metrics=impressions`);
    expect([longest.status, longest.body.points.length]).toEqual([200, 400]);
    const refusals: [string, string][] = [
      [`?from=${addDays(today, -400)}&to=${today}`, "from"],
      [`?from=${addDays(today, -400)}`, "from"],
      ["?from=2026-03-02&to=2026-03-01", "to"],
      ["?metrics=installs,downloads", "metrics"],
      ["?interval=year", "interval"],
      ["?groupBy=country", "groupBy"],
      ["?from=2026-02-30", "from"],
      ["?from=yesterday", "from"],
      ["?window=90", "window"],
      ["?from=2026-01-01&from=2026-01-02", "from"],
    ];
    for (const [query, parameter] of refusals) {
      const res = await seriesOf(dev.token, app.id, query);
      expect([query, res.status, res.body.code, res.body.errors[0].path]).toEqual([query, 400, "validation_failed", parameter]);
    }
  });

  it("is 404 for another publisher's app and for an app outside a member's limit, 403 for a key without ANALYTICS_READ", async () => {
    const dev = await createTestDeveloper();
    const other = await createTestDeveloper();
    const app = await insertApp(other.developer);
    const res = await seriesOf(dev.token, app.id);
    expect([res.status, res.body.code]).toEqual([404, "not_found"]);
    const own = await insertApp(dev.developer);
    const readOnly = await apiKeyHeader(dev.developer, ["APP_READ"]);
    const scoped = await seriesOf({ authorization: readOnly.authorization }, own.id);
    expect([scoped.status, scoped.body.code]).toEqual([403, "insufficient_scope"]);
    const limited = await apiKeyHeader(dev.developer, ["ANALYTICS_READ"], { appIds: [own.id] });
    const elsewhere = await insertApp(dev.developer);
    const outside = await seriesOf({ authorization: limited.authorization }, elsewhere.id);
    expect([outside.status, outside.body.code]).toEqual([404, "not_found"]);
    expect((await seriesOf({ authorization: limited.authorization }, own.id)).status).toBe(200);
  });
});

describe("installs and removals from two server instances", () => {
  // Two processes, each with its own pool of connections, against the one database: the counters
  // are kept by the statements, not by either process. PGlite is one process's engine: server only.
  it.runIf(inject("databaseTemplate").kind === "server")("leave installCount, activeInstallCount and the day's figures exact", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer, { installCount: 0 });
    const workspaces = Array.from({ length: 20 }, (_, index) => `ws-two-${index}`);
    // Both instances install into the same ten workspaces at once; then both remove five of them
    // while both install into the other ten.
    const first = { slug: app.slug, install: workspaces.slice(0, 10), remove: [] };
    await Promise.all([runInstallChurn(first), runInstallChurn(first)]);
    const second = { slug: app.slug, install: workspaces.slice(10), remove: workspaces.slice(0, 5) };
    await Promise.all([runInstallChurn(second), runInstallChurn(second)]);
    expect(await readApp(app.id)).toMatchObject({ installCount: 20, activeInstallCount: 15 });
    const res = await seriesOf(dev.token, app.id, "?metrics=installs,uninstalls,activeInstalls");
    expect(res.body.points.at(-1)).toMatchObject({ installs: 20, uninstalls: 5, activeInstalls: 15 });
  });
});
