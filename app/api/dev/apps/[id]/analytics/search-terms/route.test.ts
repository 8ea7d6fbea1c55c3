import { describe, expect, it } from "vitest";

import { flushStats } from "@/lib/analytics/recorder";
import { recordPageView } from "@/lib/analytics/seen";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as searchTerms from "./route";

const ORIGIN = "http://localhost:3000";

async function searchedFrom(app: { id: string; developerId: string }, term: string, clients: number, firstAddress: number) {
  for (let index = 0; index < clients; index++) {
    const viewer = { userAgent: "Mozilla/5.0 Firefox/133.0", clientAddress: `203.0.113.${firstAddress + index}`, person: null };
    // The same client twice counts once.
    for (let again = 0; again < 2; again++) {
      await recordPageView(app, { viewer, referrer: `${ORIGIN}/apps?search=${encodeURIComponent(term)}`, origin: ORIGIN });
    }
  }
}

describe("GET /api/dev/apps/:id/analytics/search-terms", () => {
  it("shows a term once five clients searched it, and never one that four did", async () => {
    const dev = await createTestDeveloper();
    const app = await insertApp(dev.developer);
    await searchedFrom(app, "Pomodoro  Timer", 5, 10);
    await searchedFrom(app, "my private project", 4, 30);
    await flushStats();
    const res = await call(searchTerms.GET, {
      path: `/api/dev/apps/${app.id}/analytics/search-terms`,
      params: { id: app.id },
      headers: dev.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.minimumClients).toBe(5);
    expect(res.body.terms).toEqual([{ term: "pomodoro timer", pageViews: 10, installs: 0 }]);
    expect(res.text).not.toContain("private");
  });

  it("is 404 for another publisher's app", async () => {
    const dev = await createTestDeveloper();
    const other = await createTestDeveloper();
    const app = await insertApp(other.developer);
    const res = await call(searchTerms.GET, { params: { id: app.id }, headers: dev.token });
    expect([res.status, res.body.code]).toEqual([404, "not_found"]);
  });
});
