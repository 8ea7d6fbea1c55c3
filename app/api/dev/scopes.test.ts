import { beforeAll, describe, expect, it } from "vitest";

import { API_KEY_SCOPES, type ApiKeyScope } from "@/lib/core/enums";
import type { NextRouteHandler } from "@/lib/http";
import { apiKeyHeader } from "@/test/support/api-keys";
import { setAppStatus, validAppBody } from "@/test/support/apps";
import { createTestDeveloper, type TestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { imageServerForFile } from "@/test/support/test-file-servers";

import * as keyById from "./api-keys/[id]/route";
import * as keys from "./api-keys/route";
import * as analytics from "./apps/[id]/analytics/route";
import * as appById from "./apps/[id]/route";
import * as submit from "./apps/[id]/submit/route";
import * as withdraw from "./apps/[id]/withdraw/route";
import * as appsRoute from "./apps/route";
import * as me from "./me/route";

const images = imageServerForFile();
let dev: TestDeveloper;
beforeAll(async () => {
  dev = await createTestDeveloper();
});

async function newAppId(): Promise<string> {
  const res = await call(appsRoute.POST, { method: "POST", headers: dev.token, body: validAppBody(images.origin) });
  return res.body.id;
}

async function revocableKeyId(authorization?: string): Promise<string> {
  if (!authorization) return (await apiKeyHeader(dev.developer)).id;
  const child = await call(keys.POST, { method: "POST", headers: { authorization }, body: { name: "child", scopes: ["APP_READ"] } });
  return child.body.id;
}

type Row = {
  endpoint: string;
  scope: ApiKeyScope | null;
  success: number;
  /** `authorization`: the calling API key, when the request is made with one. */
  request: (
    authorization?: string,
  ) => Promise<{ handler: NextRouteHandler; method: string; params?: Record<string, string>; body?: unknown }>;
};

// The contract's scope table (section 5), one row per endpoint.
const table: Row[] = [
  { endpoint: "GET /api/dev/me", scope: null, success: 200, request: async () => ({ handler: me.GET, method: "GET" }) },
  {
    endpoint: "PUT /api/dev/me",
    scope: null,
    success: 200,
    // Any key may call it, but only to repeat the public profile: changing it needs a person (me/route.public-profile.test.ts).
    request: async () => ({ handler: me.PUT, method: "PUT", body: { name: dev.developer.name } }),
  },
  { endpoint: "GET /api/dev/api-keys", scope: null, success: 200, request: async () => ({ handler: keys.GET, method: "GET" }) },
  {
    endpoint: "POST /api/dev/api-keys",
    scope: null,
    success: 201,
    request: async () => ({ handler: keys.POST, method: "POST", body: { name: "child", scopes: ["APP_READ"] } }),
  },
  {
    endpoint: "DELETE /api/dev/api-keys/:id",
    scope: null,
    success: 204,
    // An API key may revoke only keys created through it.
    request: async (authorization) => ({ handler: keyById.DELETE, method: "DELETE", params: { id: await revocableKeyId(authorization) } }),
  },
  {
    endpoint: "POST /api/dev/apps",
    scope: "APP_CREATE",
    success: 201,
    request: async () => ({ handler: appsRoute.POST, method: "POST", body: validAppBody(images.origin) }),
  },
  { endpoint: "GET /api/dev/apps", scope: "APP_READ", success: 200, request: async () => ({ handler: appsRoute.GET, method: "GET" }) },
  {
    endpoint: "GET /api/dev/apps/:id",
    scope: "APP_READ",
    success: 200,
    request: async () => ({ handler: appById.GET, method: "GET", params: { id: await newAppId() } }),
  },
  {
    endpoint: "PUT /api/dev/apps/:id",
    scope: "APP_UPDATE",
    success: 200,
    request: async () => ({ handler: appById.PUT, method: "PUT", params: { id: await newAppId() }, body: { name: "Renamed" } }),
  },
  {
    endpoint: "POST /api/dev/apps/:id/submit",
    scope: "APP_UPDATE",
    success: 200,
    request: async () => ({ handler: submit.POST, method: "POST", params: { id: await newAppId() } }),
  },
  {
    endpoint: "POST /api/dev/apps/:id/withdraw",
    scope: "APP_UPDATE",
    success: 200,
    request: async () => {
      const id = await newAppId();
      await setAppStatus(id, "PENDING");
      return { handler: withdraw.POST, method: "POST", params: { id } };
    },
  },
  {
    endpoint: "DELETE /api/dev/apps/:id",
    scope: "APP_DELETE",
    success: 204,
    request: async () => ({ handler: appById.DELETE, method: "DELETE", params: { id: await newAppId() } }),
  },
  {
    endpoint: "GET /api/dev/apps/:id/analytics",
    scope: "ANALYTICS_READ",
    success: 200,
    request: async () => ({ handler: analytics.GET, method: "GET", params: { id: await newAppId() } }),
  },
];

describe("scope table", () => {
  describe.each(table)("$endpoint", ({ scope, success, request }) => {
    it(`succeeds (${success}) with a key holding ${scope ?? "any scope"}`, async () => {
      const { authorization } = await apiKeyHeader(dev.developer, scope ? [scope] : ["APP_READ"]);
      const { handler, ...options } = await request(authorization);
      const res = await call(handler, { ...options, headers: { authorization } });
      expect(res.status).toBe(success);
    });

    if (scope) {
      it(`is 403 insufficient_scope with a key holding every scope but ${scope}`, async () => {
        const { authorization } = await apiKeyHeader(
          dev.developer,
          API_KEY_SCOPES.filter((s) => s !== scope),
        );
        const { handler, ...options } = await request(authorization);
        const res = await call(handler, { ...options, headers: { authorization } });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("insufficient_scope");
        expect(res.headers.get("www-authenticate")).toBe(
          `Bearer realm="yapture-marketplace", error="insufficient_scope", scope="${scope}"`,
        );
      });
    }

    it(`succeeds (${success}) with the owner's Yapture token (all scopes)`, async () => {
      const { handler, ...options } = await request();
      const res = await call(handler, { ...options, headers: dev.token });
      expect(res.status).toBe(success);
    });
  });
});
