import { afterAll, describe, expect, it } from "vitest";

import { disconnect } from "@/db/client";
import { call } from "@/test/support/http";
import { forgetProcessCaches } from "@/test/support/process-caches";

import * as ready from "./route";

describe("GET /api/ready without a database", () => {
  afterAll(() => forgetProcessCaches());

  it("is 503 problem+json while /api/health stays 200", async () => {
    expect((await call(ready.GET)).status).toBe(200);
    await disconnect();
    process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:9/none?connect_timeout=1";
    forgetProcessCaches();
    const res = await call(ready.GET);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe("service_unavailable");
    expect(res.body.detail).toBe("not ready: database unreachable");
  });
});
