import { describe, expect, it } from "vitest";

import { call } from "@/test/support/http";

import * as ready from "./route";

describe("GET /api/ready", () => {
  it("GET /api/ready is 200 on a migrated database", async () => {
    const res = await call(ready.GET);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ready");
    expect(res.body.migrations).toBeGreaterThan(0);
  });
});
