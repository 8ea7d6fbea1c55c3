import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/test/support/admin-api";
import { insertPendingApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";

import * as appById from "./route";

const admin = adminApiForFile();

describe("GET /api/admin/apps/:id", () => {
  it("shows a listing in any state with its developer", async () => {
    const dev = await createTestDeveloper();
    const app = await insertPendingApp(dev, "Look At Me");
    const res = await call(appById.GET, { headers: admin.headers, params: { id: app.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: app.id, name: "Look At Me", status: "PENDING", developer: { email: dev.developer.email } });
    expect(res.body.screenshots).toHaveLength(2);
  });

  it.each(["nope", "00000000-0000-0000-0000-000000000000"])("answers 404 for the id %j", async (id) => {
    const res = await call(appById.GET, { headers: admin.headers, params: { id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
  });

  it("is 403 for a developer", async () => {
    const dev = await createTestDeveloper();
    const app = await insertPendingApp(dev);
    const res = await call(appById.GET, { headers: dev.token, params: { id: app.id } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });
});
