import { describe, expect, it } from "vitest";

import { allowHeader, ROUTE_METHODS } from "@/lib/http/methods";
import { METHOD_NOT_ALLOWED, type NextRouteHandler } from "@/lib/http/route";
import { allowedMethodsOf } from "@/lib/openapi/allowed-methods";
import { call } from "@/test/support/http";

// The production server answers methods Next never sees (TRACE, PROPFIND, OPTIONS) itself, from
// the OpenAPI operations (lib/server/request-line.ts). Its `Allow` must be the one each route
// file's own 405 sends, for every route file.

type RouteModule = Partial<Record<(typeof ROUTE_METHODS)[number], NextRouteHandler & { [METHOD_NOT_ALLOWED]?: true }>>;
const modules = import.meta.glob<RouteModule>("/app/api/**/route.ts");
const SAMPLE = { id: "6c4a1dad-95a0-4732-811c-a8f3f7880538", slug: "slack-sync" };

/** `/app/api/dev/apps/[id]/route.ts` → `/api/dev/apps/6c4a…` */
const samplePathOf = (file: string) =>
  file
    .replace(/^\/app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\w+)\]/g, (_, name: keyof typeof SAMPLE) => SAMPLE[name]);

const files = Object.keys(modules).filter((file) => !file.includes("[..."));

describe("Allow before Next", () => {
  it.each(files)("%s: the same methods, in the same Allow, as its route file", async (file) => {
    const routeModule = await modules[file]!();
    const served = ROUTE_METHODS.filter((method) => routeModule[method] && !routeModule[method][METHOD_NOT_ALLOWED]);
    const path = samplePathOf(file);
    expect(allowedMethodsOf(path)).toEqual(served);
    const refused = ROUTE_METHODS.find((method) => routeModule[method]?.[METHOD_NOT_ALLOWED]);
    if (!refused) return;
    const res = await call(routeModule[refused]!, { method: refused, path, params: {} });
    expect(res.status).toBe(405);
    expect(allowHeader(allowedMethodsOf(path)!)).toBe(res.headers.get("allow"));
  });

  it("next-auth's endpoints: GET and POST, as its route file exports", async () => {
    const routeModule = await modules["/app/api/auth/[...nextauth]/route.ts"]!();
    expect(ROUTE_METHODS.filter((method) => routeModule[method])).toEqual(allowedMethodsOf("/api/auth/signin/yapture"));
  });

  it("an API path no route file has: none (404, as the catch-all answers every method)", () => {
    expect(allowedMethodsOf("/api/nothing/here")).toBeNull();
    expect(allowedMethodsOf("/api/apps/slack-sync/uninstall")).toBeNull();
  });
});
