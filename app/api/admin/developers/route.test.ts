import { describe, expect, it } from "vitest";

import { adminApiForFile } from "@/test/support/admin-api";
import { call } from "@/test/support/http";

import * as adminDevelopers from "./route";

const admin = adminApiForFile();

describe("GET /api/admin/developers", () => {
  it("lists developers by status, oldest first", async () => {
    const res = await call(adminDevelopers.GET, {
      headers: admin.headers,
      path: "/api/admin/developers?status=PENDING_VERIFICATION&limit=100",
    });
    expect(res.status).toBe(200);
    expect(res.body.data.every((d: { status: string }) => d.status === "PENDING_VERIFICATION")).toBe(true);
    const created = res.body.data.map((d: { createdAt: string }) => d.createdAt);
    expect([...created].sort()).toEqual(created);
    expect((await call(adminDevelopers.GET, { headers: admin.headers, path: "/api/admin/developers?status=NOPE" })).status).toBe(400);
  });
});
