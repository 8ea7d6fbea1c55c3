import { describe, expect, it } from "vitest";

import { call } from "@/test/support/http";

import * as openapi from "./route";

describe("GET /api/openapi.json", () => {
  it("serves the OpenAPI 3.1 document with this server's URL, cacheable for five minutes", async () => {
    const res = await call(openapi.GET, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.servers).toEqual([expect.objectContaining({ url: expect.stringMatching(/^http:\/\/localhost:3000/) })]);
    expect(res.body.paths["/api/apps"]).toBeDefined();
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const again = await call(openapi.GET, { path: "/api/openapi.json", headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });
});
