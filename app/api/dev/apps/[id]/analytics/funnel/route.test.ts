import { describe, expect, it } from "vitest";

import * as install from "@/app/api/apps/[slug]/install/route";
import { flushStats } from "@/lib/analytics/recorder";
import { recordImpressions, recordPageView, type Viewer } from "@/lib/analytics/seen";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as funnel from "./route";

const ORIGIN = "http://localhost:3000";
const person = (index: number): Viewer => ({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36",
  clientAddress: `198.51.100.${index}`,
  person: null,
});

describe("GET /api/dev/apps/:id/analytics/funnel", () => {
  it("follows a scripted walk: impressions ≥ page views ≥ installs in every source, with the rates", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer, { installCount: 0 });
    const { sub } = dev.user;
    // Ten people see the app in a search, four open it from there and two install it; five see it in
    // its category and one opens it. A crawler, the publisher's own member and an administrator
    // look too, and count nowhere.
    for (let index = 0; index < 10; index++) await recordImpressions([app.id], "search", person(index));
    for (let index = 0; index < 5; index++) await recordImpressions([app.id], "category", person(20 + index));
    await recordImpressions([app.id], "search", { ...person(40), userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await recordImpressions([app.id], "search", { ...person(41), person: { sub, isAdmin: false } });
    await recordImpressions([app.id], "search", { ...person(42), person: { sub: "someone-else", isAdmin: true } });
    for (let index = 0; index < 4; index++) {
      await recordPageView(app, { viewer: person(index), referrer: `${ORIGIN}/apps?search=focus`, origin: ORIGIN });
    }
    await recordPageView(app, { viewer: person(20), referrer: `${ORIGIN}/apps?category=PRODUCTIVITY`, origin: ORIGIN });
    await recordPageView(app, {
      viewer: { ...person(41), person: { sub, isAdmin: false } },
      referrer: `${ORIGIN}/apps?search=focus`,
      origin: ORIGIN,
    });
    for (let index = 0; index < 2; index++) {
      const res = await call(install.POST, {
        method: "POST",
        params: { slug: app.slug },
        clientAddress: `198.51.100.${index}`,
        body: { source: "search", searchTerm: "focus" },
      });
      expect(res.status).toBe(201);
    }
    await flushStats();

    const res = await call(funnel.GET, { path: `/api/dev/apps/${app.id}/analytics/funnel`, params: { id: app.id }, headers: dev.token });
    expect(res.status).toBe(200);
    expect(res.body.sources).toEqual([
      { source: "search", impressions: 10, pageViews: 4, installs: 2, viewRate: 0.4, installRate: 0.5 },
      { source: "category", impressions: 5, pageViews: 1, installs: 0, viewRate: 0.2, installRate: 0 },
    ]);
    expect(res.body.total).toEqual({ impressions: 15, pageViews: 5, installs: 2, viewRate: 0.3333, installRate: 0.4 });
    for (const step of [res.body.total, ...res.body.sources]) {
      expect(step.impressions).toBeGreaterThanOrEqual(step.pageViews);
      expect(step.pageViews).toBeGreaterThanOrEqual(step.installs);
    }
  });

  it("has null rates where there is nothing to divide by, and refuses a range it cannot answer", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer);
    await recordPageView(app, { viewer: person(1), referrer: null, origin: ORIGIN });
    await flushStats();
    const res = await call(funnel.GET, { path: `/api/dev/apps/${app.id}/analytics/funnel`, params: { id: app.id }, headers: dev.token });
    expect(res.body.sources).toEqual([{ source: "direct", impressions: 0, pageViews: 1, installs: 0, viewRate: null, installRate: 0 }]);
    const bad = await call(funnel.GET, {
      path: `/api/dev/apps/${app.id}/analytics/funnel?from=2026-01-02&to=2026-01-01`,
      params: { id: app.id },
      headers: dev.token,
    });
    expect([bad.status, bad.body.code, bad.body.errors[0].path]).toEqual([400, "validation_failed", "to"]);
    const extra = await call(funnel.GET, {
      path: `/api/dev/apps/${app.id}/analytics/funnel?interval=week`,
      params: { id: app.id },
      headers: dev.token,
    });
    expect([extra.status, extra.body.errors[0].path]).toEqual([400, "interval"]);
  });
});
