import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import * as feature from "@/app/api/admin/apps/[id]/feature/route";
import * as verify from "@/app/api/admin/developers/[id]/verify/route";
import { getDb } from "@/db/client";
import { apps, auditEvents } from "@/db/schema";
import { adminApiForFile, adminUser } from "@/test/support/admin-api";
import { insertApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as auditRoute from "./route";

const admin = adminApiForFile();

describe("GET /api/admin/audit-events", () => {
  it("records every action with actor, target, before and after", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    await admin.post(verify.POST, pending.developer.id);
    const db = await getDb();
    const [event] = await db.select().from(auditEvents).where(eq(auditEvents.targetId, pending.developer.id));
    expect(event).toMatchObject({
      actorEmail: "admin@example.com",
      actorYaptureUserId: adminUser.sub,
      action: "developer.verify",
      targetType: "developer",
      before: { status: "PENDING_VERIFICATION" },
      after: { status: "VERIFIED" },
    });
    const res = await call(auditRoute.GET, { headers: admin.headers });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      action: "developer.verify",
      targetId: pending.developer.id,
      targetName: pending.developer.name,
    });
  });

  it("names an app target by its current name, and a deleted one as null", async () => {
    const owner = await createTestDeveloper();
    const app = await insertApp(owner.developer, { name: "Audited App" });
    await admin.post(feature.POST, app.id, { featured: true });
    const named = (await call(auditRoute.GET, { headers: admin.headers })).body.data.find(
      (row: { targetId: string }) => row.targetId === app.id,
    );
    expect(named).toMatchObject({ action: "app.feature", targetType: "app", targetName: "Audited App" });
    const db = await getDb();
    await db.delete(apps).where(eq(apps.id, app.id));
    const res = await call(auditRoute.GET, { headers: admin.headers });
    const event = res.body.data.find((row: { targetId: string }) => row.targetId === app.id);
    expect(event).toMatchObject({ action: "app.feature", targetType: "app", targetName: null });
  });
});
