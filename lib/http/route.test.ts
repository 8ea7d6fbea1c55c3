import { describe, expect, it } from "vitest";
import { z } from "zod";

import { call } from "@/test/support/http";

import { ApiError } from "@/lib/core/errors";
import { paged } from "./paging";
import { pagingQuery } from "@/lib/core/paging";
import { parseQuery } from "./query";
import { json, noContent } from "./responses";
import { otherMethods, route } from "./route";

describe("route", () => {
  it("passes params and stamps a generated request id", async () => {
    const handler = route<{ name: string }>(async ({ params }) => json({ name: params.name }));
    const res = await call(handler, { params: { name: "abc" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: "abc" });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ["id", "not-a-uuid"],
    ["id", "00000000-0000-0000-0000-00000000000g"],
    ["slug", "Upper-Case"],
    ["slug", "a".repeat(61)],
    ["slug", "bad\u0000slug"],
  ])("answers 404 for a malformed %s %j before the handler runs", async (name, value) => {
    let ran = false;
    const handler = route(async () => {
      ran = true;
      return json({});
    });
    const res = await call(handler, { params: { [name]: value } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    expect(ran).toBe(false);
  });

  it("echoes a sane request id and replaces an unsafe one", async () => {
    const handler = route(async () => json({}));
    const sane = await call(handler, { headers: { "x-request-id": "client-123" } });
    expect(sane.headers.get("x-request-id")).toBe("client-123");
    const unsafe = await call(handler, { headers: { "x-request-id": "bad id\twith spaces" } });
    expect(unsafe.headers.get("x-request-id")).not.toBe("bad id\twith spaces");
  });

  it("maps ApiError to problem+json with its status, code, headers and request id", async () => {
    const handler = route(async () => {
      throw new ApiError("invalid_state", "approved apps cannot be edited", { headers: { "x-extra": "1" } });
    });
    const res = await call(handler, { headers: { "x-request-id": "r-1" } });
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.headers.get("x-extra")).toBe("1");
    expect(res.body).toEqual({
      type: "http://localhost:3000/docs/errors#invalid_state",
      title: "Invalid state",
      status: 409,
      code: "invalid_state",
      detail: "approved apps cannot be edited",
      requestId: "r-1",
    });
  });

  it("maps a ZodError to 400 validation_failed", async () => {
    const handler = route(async () => {
      z.object({ a: z.string() }).parse({ a: 1 });
      return json({});
    });
    const res = await call(handler);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors[0].path).toBe("a");
  });

  it("maps a unique violation, even wrapped, to 409 conflict", async () => {
    const handler = route(async () => {
      throw new Error("Failed query", { cause: Object.assign(new Error("duplicate key"), { code: "23505" }) });
    });
    const res = await call(handler);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
  });

  it("hides unknown errors behind 500 internal_error", async () => {
    const handler = route(async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432 select * from secrets");
    });
    const res = await call(handler);
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("internal_error");
    expect(res.text).not.toContain("ECONNREFUSED");
    expect(res.text).not.toContain("select");
  });
});

describe("responses", () => {
  it("are no-store unless they say otherwise (only the public GETs' cachedJson does)", () => {
    expect(json({}).headers.get("cache-control")).toBe("no-store");
    expect(noContent().headers.get("cache-control")).toBe("no-store");
    expect(json({}, { headers: { "cache-control": "public, max-age=30" } }).headers.get("cache-control")).toBe("public, max-age=30");
  });
});

describe("otherMethods", () => {
  it("answers 405 with Allow", async () => {
    const { DELETE } = otherMethods(["GET", "POST"]);
    const res = await call(DELETE, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.body.code).toBe("method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });
});

describe("parseQuery and paging", () => {
  const schema = z.object({ ...pagingQuery(), q: z.string().max(3).optional() });
  const handler = route(async ({ request }) => json(parseQuery(request, schema)));

  it("applies defaults and ignores unknown parameters", async () => {
    const res = await call(handler, { path: "/api/x?utm_source=mail" });
    expect(res.body).toEqual({ page: 1, limit: 20 });
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=", "page"],
    ["q=toolong", "q"],
    ["page=1&page=2", "page"],
  ])("refuses %s naming %s", async (query, name) => {
    const res = await call(handler, { path: `/api/x?${query}` });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors[0].path).toBe(name);
  });

  it("builds the paged envelope, each item through its view", () => {
    expect(paged({ items: [1, 2], page: 2, limit: 2, total: 5, totalPages: 3 }, (n) => n * 10)).toEqual({
      data: [10, 20],
      pagination: { page: 2, limit: 2, total: 5, totalPages: 3 },
    });
  });
});

describe("parseQuery and NUL characters", () => {
  it("refuses a NUL in a query value, naming the parameter", async () => {
    const handler = route(async ({ request }) => json(parseQuery(request, z.object({ q: z.string().optional() }))));
    const res = await call(handler, { path: "/api/x?q=a%00b" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe("q");
  });
});
