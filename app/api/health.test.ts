import { describe, expect, it } from "vitest";

import { call } from "@/lib/testing/http";

import * as unknownPath from "./[...path]/route";
import * as health from "./health/route";
import * as ready from "./ready/route";

describe("health and readiness", () => {
  it("GET /api/health is 200", async () => {
    const res = await call(health.GET);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("GET /api/ready is 200 on a migrated database", async () => {
    const res = await call(ready.GET);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ready");
    expect(res.body.migrations).toBeGreaterThan(0);
  });

  it("POST /api/health is 405 problem+json", async () => {
    const res = await call(health.POST, { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toContain("GET");
  });

  it("an unknown /api path is 404 problem+json", async () => {
    const res = await call(unknownPath.GET, { path: "/api/nope", params: { path: ["nope"] } as never });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });
});
