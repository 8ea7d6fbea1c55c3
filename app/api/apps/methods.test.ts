import { describe, expect, it } from "vitest";

import { call } from "@/test/support/http";

import * as install from "./[slug]/install/route";
import * as reviews from "./[slug]/reviews/route";
import * as bySlug from "./[slug]/route";
import * as similar from "./[slug]/similar/route";
import * as categories from "./categories/list/route";
import * as featured from "./featured/list/route";
import * as list from "./route";

describe("wrong methods", () => {
  it.each([
    ["GET /api/apps", list, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
    ["/api/apps/:slug", bySlug, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
    ["/api/apps/:slug/similar", similar, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
    ["/api/apps/:slug/install", install, ["GET", "PUT", "PATCH", "DELETE"], "POST, OPTIONS"],
    ["/api/apps/:slug/reviews", reviews, ["PUT", "PATCH"], "GET, POST, DELETE, HEAD, OPTIONS"],
    ["/api/apps/featured/list", featured, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
    ["/api/apps/categories/list", categories, ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
  ] as const)("%s answers other methods with 405 and Allow", async (_path, handlers, methods, allow) => {
    for (const method of methods) {
      const handler = (handlers as Record<string, Parameters<typeof call>[0]>)[method]!;
      const res = await call(handler, { method, params: { slug: "slack-sync" } });
      expect(res.status, method).toBe(405);
      expect(res.body.code).toBe("method_not_allowed");
      expect(res.headers.get("allow")).toBe(allow);
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
  });
});
