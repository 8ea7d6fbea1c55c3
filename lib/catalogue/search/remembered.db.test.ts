import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { getDb } from "@/db/client";
import { apps, type App } from "@/db/schema";
import { insertApps } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as listApps from "@/app/api/apps/route";

// Remembered search pages (./remembered.ts), through GET /api/apps: what a change of the catalogue
// shows at once, and what installs show within the freshness bound.

const names = async (query: string): Promise<string[]> => {
  const res = await call(listApps.GET, { path: `/api/apps?${query}` });
  expect(res.status).toBe(200);
  return res.body.data.map((app: { name: string }) => app.name);
};

describe("remembered search pages", () => {
  let marble: App[] = [];
  beforeAll(async () => {
    const developer = await insertDeveloper();
    marble = await insertApps(developer, [
      { name: "Marble One", installCount: 30 },
      { name: "Marble Two", installCount: 20 },
      { name: "Marble Three", installCount: 10 },
    ]);
  });
  afterEach(() => vi.restoreAllMocks());

  it("show an edit, an unpublish and a new match at once", async () => {
    const db = await getDb();
    expect(await names("search=marble")).toEqual(["Marble One", "Marble Two", "Marble Three"]);
    await db.update(apps).set({ name: "Granite Two" }).where(eq(apps.id, marble[1]!.id));
    expect(await names("search=marble")).toEqual(["Marble One", "Marble Three"]);
    await db.update(apps).set({ status: "UNPUBLISHED" }).where(eq(apps.id, marble[0]!.id));
    expect(await names("search=marble")).toEqual(["Marble Three"]);
    await db.update(apps).set({ name: "Marble Two", status: "APPROVED" }).where(eq(apps.id, marble[1]!.id));
    await db.update(apps).set({ status: "APPROVED" }).where(eq(apps.id, marble[0]!.id));
    expect(await names("search=marble")).toEqual(["Marble One", "Marble Two", "Marble Three"]);
  });

  it("follow installs within two seconds", async () => {
    const db = await getDb();
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    expect(await names("search=marble&limit=2")).toEqual(["Marble One", "Marble Two"]);
    await db.update(apps).set({ installCount: 40, activeInstallCount: 40 }).where(eq(apps.id, marble[2]!.id));
    // Remembered: installs do not change the catalogue version a page is checked against.
    expect(await names("search=marble&limit=2")).toEqual(["Marble One", "Marble Two"]);
    clock.mockReturnValue(now + 2_001);
    expect(await names("search=marble&limit=2")).toEqual(["Marble Three", "Marble One"]);
    await db.update(apps).set({ installCount: 10, activeInstallCount: 10 }).where(eq(apps.id, marble[2]!.id));
  });

  it("answer concurrent identical searches alike", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => names("search=marble&sort=popular")));
    for (const answer of answers) expect(answer).toEqual(["Marble One", "Marble Two", "Marble Three"]);
  });
});
