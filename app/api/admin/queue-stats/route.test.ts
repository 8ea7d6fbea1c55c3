import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { auditEvents } from "@/db/schema";
import { adminApiForFile } from "@/test/support/admin-api";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as stats from "./route";

const admin = adminApiForFile();
const HOUR = 3_600_000;

describe("GET /api/admin/queue-stats", () => {
  it("measures each queue: waiting, ages with the 24 h and 48 h marks, decisions per day and times to a decision", async () => {
    const dev = await createTestDeveloper();
    const now = Date.now();
    for (const hours of [1, 30, 50]) {
      await insertApp(dev.developer, { status: "PENDING", submittedAt: new Date(now - hours * HOUR) });
    }
    const decided = await insertApp(dev.developer, { status: "APPROVED" });
    const db = await getDb();
    await db.insert(auditEvents).values([
      { action: "app.submit", targetType: "app", targetId: decided.id, createdAt: new Date(now - 5 * HOUR), before: {}, after: {} },
      { action: "app.approve", targetType: "app", targetId: decided.id, createdAt: new Date(now - HOUR), before: {}, after: {} },
    ]);

    const res = await call(stats.GET, { headers: admin.headers });
    expect(res.status).toBe(200);
    expect(res.body.data.map((queue: { queue: string }) => queue.queue)).toEqual(["listing", "update", "profile_change"]);
    const listings = res.body.data[0];
    expect(listings).toMatchObject({ waiting: 3, over24h: 2, over48h: 1, decisionTimes: { decisions: 1, medianSeconds: 4 * 3600 } });
    expect(Math.abs(new Date(listings.oldestWaitingSince).getTime() - (now - 50 * HOUR))).toBeLessThan(1000);
    expect(Math.abs(listings.ageMedianSeconds - 30 * 3600)).toBeLessThan(60);
    expect(listings.decisionsByDay).toHaveLength(30);
    expect(listings.decisionsByDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(1);
    expect(res.body.data[2]).toMatchObject({ waiting: 0, oldestWaitingSince: null, ageMedianSeconds: null, over24h: 0 });
  });

  it("is for administrators only", async () => {
    const dev = await createTestDeveloper();
    const res = await call(stats.GET, { headers: dev.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });
});
