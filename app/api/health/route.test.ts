import { describe, expect, it } from "vitest";

import { call } from "@/test/support/http";

import * as health from "./route";

describe("/api/health", () => {
  it("GET /api/health is 200", async () => {
    const res = await call(health.GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("POST /api/health is 405 problem+json", async () => {
    const res = await call(health.POST, { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toContain("GET");
  });
});
