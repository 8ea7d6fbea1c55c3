import { describe, expect, it } from "vitest";

import { adminUser } from "@/test/support/admin-api";
import { apiKeyHeader } from "@/test/support/api-keys";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { bearer, newUser, sessionCookie } from "@/test/support/identity";

import * as verify from "./developers/[id]/verify/route";
import * as adminDevelopers from "./developers/route";
import * as adminApps from "./apps/route";

describe("who may use the admin API", () => {
  it("is 401 for nobody", async () => {
    const res = await call(adminDevelopers.GET);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthenticated");
  });

  it("is 403 forbidden for a developer's Yapture token", async () => {
    const res = await call(adminDevelopers.GET, { headers: await bearer(newUser()) });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("is 403 forbidden for any API key", async () => {
    const dev = await createTestDeveloper();
    const key = await apiKeyHeader(dev.developer);
    const res = await call(adminApps.GET, { headers: { authorization: key.authorization } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("accepts an administrator's session cookie, same-origin for writes", async () => {
    const pending = await createTestDeveloper("PENDING_VERIFICATION");
    const cookie = await sessionCookie(adminUser);
    expect((await call(adminDevelopers.GET, { headers: { cookie } })).status).toBe(200);
    const post = (headers: Record<string, string>) => call(verify.POST, { method: "POST", headers, params: { id: pending.developer.id } });
    const crossSite = await post({ cookie, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const sameSite = await post({ cookie, origin: "http://localhost:3000" });
    expect(sameSite.status).toBe(200);
  });
});
