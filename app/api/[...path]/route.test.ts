import { describe, expect, it } from "vitest";

import { call } from "@/test/support/http";

import * as unknownPath from "./route";

describe("any other /api path", () => {
  it("an unknown /api path is 404 problem+json", async () => {
    const res = await call(unknownPath.GET, { path: "/api/nope", params: { path: ["nope"] } as never });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });
});
