import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";

import * as devApps from "@/app/api/dev/apps/route";
import { DECLARED_OPERATION } from "@/lib/http/handle";
import { contractViolations } from "@/test/support/response-contract";
import { handlersDisagreeingWithTheirOperation, routeRegistry } from "@/test/support/route-registry";

import { openApiDocument } from "./document";
import { OPERATIONS } from "./operations";

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(openApiDocument("http://localhost:3000") as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("documents every route handler, and every operation has one (no undocumented or phantom endpoints)", async () => {
    const { entries } = await routeRegistry();
    const routes = entries.map((entry) => `${entry.method.toUpperCase()} ${entry.path}`).sort();
    const documented = OPERATIONS.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`).sort();
    expect(routes).toEqual(documented);
    expect(routes.length).toBeGreaterThan(30);
  });

  it("documents the challenge header of a 401 and Retry-After of a 429", () => {
    const document = openApiDocument("http://localhost:3000") as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    expect(Object.keys(document.paths["/api/dev/me"]!.get!.responses["401"]!.headers ?? {})).toEqual(["WWW-Authenticate"]);
    expect(Object.keys(document.paths["/api/admin/developers"]!.get!.responses["401"]!.headers ?? {})).toEqual(["WWW-Authenticate"]);
    expect(Object.keys(document.paths["/api/apps/{slug}/install"]!.post!.responses["429"]!.headers ?? {})).toEqual(["Retry-After"]);
  });

  it("has unique operation ids", () => {
    const ids = OPERATIONS.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("makes every route handler from the operation of its own method and path", async () => {
    const { entries } = await routeRegistry();
    expect(handlersDisagreeingWithTheirOperation(entries)).toEqual([]);
  });

  it("would notice a handler made from another path's or method's operation (the walk itself works)", async () => {
    const { entries } = await routeRegistry();
    const submit = entries.find((entry) => entry.operation?.operationId === "submitApp")!;
    const withdraw = entries.find((entry) => entry.operation?.operationId === "withdrawApp")!;
    const list = entries.find((entry) => entry.operation?.operationId === "listMyApps")!;
    const swapped = [
      { ...submit, operation: withdraw.operation },
      { ...list, method: "post" },
    ];
    expect(handlersDisagreeingWithTheirOperation(swapped)).toEqual([
      "/app/api/dev/apps/[id]/submit/route.ts POST: withdrawApp",
      "/app/api/dev/apps/route.ts POST: listMyApps",
    ]);
  });

  it("lets route tests find the operation of the handler they call", () => {
    expect(devApps.POST[DECLARED_OPERATION]).toMatchObject({ path: "/api/dev/apps", method: "post" });
  });
});

describe("response checking", () => {
  const problem = { type: "x", title: "Not found", status: 404, code: "not_found", detail: "app not found", requestId: "r" };

  it("accepts a documented status with a matching body", () => {
    expect(
      contractViolations({
        path: "/api/dev/apps/{id}",
        method: "get",
        status: 404,
        contentType: "application/problem+json",
        body: problem,
      }),
    ).toEqual([]);
  });

  it("flags an undocumented status", () => {
    expect(contractViolations({ path: "/api/health", method: "get", status: 418, contentType: "application/json", body: {} })).toHaveLength(
      1,
    );
  });

  it("flags a body with a field the schema does not have, and a missing one", () => {
    const leaked = contractViolations({
      path: "/api/health",
      method: "get",
      status: 200,
      contentType: "application/json",
      body: { status: "ok", secret: "x" },
    });
    expect(leaked.join()).toMatch(/additional/);
    const missing = contractViolations({
      path: "/api/dev/apps/{id}",
      method: "get",
      status: 404,
      contentType: "application/problem+json",
      body: { ...problem, code: undefined },
    });
    expect(missing.join()).toMatch(/code/);
  });

  it("flags a wrong content type", () => {
    expect(
      contractViolations({ path: "/api/dev/apps/{id}", method: "get", status: 404, contentType: "application/json", body: problem }),
    ).toHaveLength(1);
  });
});
