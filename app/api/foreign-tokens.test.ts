import { randomUUID } from "node:crypto";

import { beforeAll, describe, expect, it } from "vitest";

import { createTestDeveloper } from "@/lib/testing/fixtures";
import { call } from "@/lib/testing/http";
import { bearer, newUser, sessionCookie } from "@/lib/testing/identity";
import { insertPublicApp } from "@/lib/testing/public-fixtures";
import { routeRegistry, type RouteEntry } from "@/lib/testing/route-registry";
import { OTHER_APP_CLIENT } from "@/scripts/idp/server";

import * as adminDevelopers from "./admin/developers/route";
import * as reviews from "./apps/[slug]/reviews/route";

// Attacks on identity through the real handlers and the bundled provider: a token that Yapture
// issued to another application, an administrator whose email Yapture has not verified, and a
// developer reviewing their own app.

const ADMIN_EMAIL = "admin@example.com";
const credentialed = (entry: RouteEntry) =>
  entry.path.startsWith("/api/dev/") || entry.path.startsWith("/api/admin/") || (entry.path === "/api/apps/{slug}/reviews" && entry.method === "post");

describe("a token issued to another Yapture application", () => {
  let handlers: RouteEntry[];
  let foreignAdmin: Record<string, string>;
  let foreignDeveloper: Record<string, string>;

  beforeAll(async () => {
    handlers = (await routeRegistry()).entries.filter(credentialed);
    foreignAdmin = await bearer(newUser({ email: ADMIN_EMAIL }), { clientId: OTHER_APP_CLIENT.clientId });
    const { user } = await createTestDeveloper();
    foreignDeveloper = await bearer(user, { clientId: OTHER_APP_CLIENT.clientId });
  });

  it("covers every credentialed operation", () => {
    expect(handlers.length).toBeGreaterThan(25);
  });

  it.each([
    ["an administrator's", () => foreignAdmin],
    ["a verified developer's", () => foreignDeveloper],
  ])("is refused with 401 invalid_token on every operation when it is %s", async (_, headers) => {
    for (const entry of handlers) {
      const res = await call(entry.handler, {
        method: entry.method.toUpperCase(),
        headers: headers(),
        params: { id: randomUUID(), slug: "some-app" },
        ...(["post", "put", "patch"].includes(entry.method) ? { body: {} } : {}),
      });
      expect({ operation: `${entry.method} ${entry.path}`, status: res.status, code: res.body.code }).toEqual({
        operation: `${entry.method} ${entry.path}`,
        status: 401,
        code: "unauthenticated",
      });
      expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
  });
});

describe("an administrator whose Yapture email is not verified", () => {
  it.each([
    ["token", async () => bearer(newUser({ email: ADMIN_EMAIL, emailVerified: false }))],
    ["session", async () => ({ cookie: await sessionCookie(newUser({ email: ADMIN_EMAIL, emailVerified: false })) })],
  ])("is refused with 403 forbidden (%s)", async (_, headers) => {
    const res = await call(adminDevelopers.GET, { headers: await headers() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("forbidden");
  });

  it("is let in once the email is verified", async () => {
    const res = await call(adminDevelopers.GET, { headers: await bearer(newUser({ email: ADMIN_EMAIL })) });
    expect(res.status).toBe(200);
  });
});

describe("a developer reviewing their own app", () => {
  it("is refused with 403 forbidden, while others may review it", async () => {
    const { app, developer } = await insertPublicApp();
    const owner = newUser({ sub: developer.yaptureUserId, email: developer.email });
    const own = await call(reviews.POST, { method: "POST", headers: await bearer(owner), params: { slug: app.slug }, body: { rating: 5 } });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe("forbidden");
    const other = await call(reviews.POST, { method: "POST", headers: await bearer(newUser()), params: { slug: app.slug }, body: { rating: 4 } });
    expect(other.status).toBe(201);
  });
});
