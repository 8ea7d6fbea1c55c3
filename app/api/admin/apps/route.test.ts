import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/test/support/admin-api";
import { insertPendingApp, setAppStatus } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as adminApps from "./route";

const admin = adminApiForFile();

describe("GET /api/admin/apps", () => {
  it("lists the review queue oldest-submitted first, with the developer", async () => {
    const dev = await createTestDeveloper();
    const first = await insertPendingApp(dev, "Queue First");
    await setAppStatus(first.id, "PENDING", { submittedAt: new Date(Date.now() - 60_000) });
    const second = await insertPendingApp(dev, "Queue Second");
    const res = await call(adminApps.GET, { headers: admin.headers, path: "/api/admin/apps?limit=100" });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((a: { id: string }) => a.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(res.body.data.find((a: { id: string }) => a.id === first.id).developer).toMatchObject({ email: dev.developer.email });
  });
});
