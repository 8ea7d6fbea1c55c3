import { randomUUID } from "node:crypto";

import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { insertPublicApp } from "@/test/support/apps";
import { createTestDeveloper } from "@/test/support/developers";
import { environmentForBlock } from "@/test/support/environment";
import { call, type CallResult } from "@/test/support/http";
import { bearer, newUser, sessionCookie, yaptureToken } from "@/test/support/identity";
import { routeRegistry, type RouteEntry } from "@/test/support/route-registry";
import { countingIdentityProviderForBlock } from "@/test/support/test-file-servers";
import { OTHER_APP_CLIENT } from "@/scripts/idp/clients";

import * as adminDevelopers from "./admin/developers/route";
import * as reviews from "./apps/[slug]/reviews/route";
import * as me from "./dev/me/route";

// Attacks on identity through the real handlers and the bundled provider: a token that Yapture
// issued to another application, an expired token, a flood of bogus tokens, an administrator whose
// email Yapture has not verified, and a developer reviewing their own app.

const expectInvalidToken = (res: CallResult) => {
  expect({ status: res.status, code: res.body.code }).toEqual({ status: 401, code: "unauthenticated" });
  expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
};

const ADMIN_EMAIL = "admin@example.com";
const credentialed = (entry: RouteEntry) =>
  entry.path.startsWith("/api/dev/") ||
  entry.path.startsWith("/api/admin/") ||
  (entry.path === "/api/apps/{slug}/reviews" && entry.method === "post");

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
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("an expired token", () => {
  it("is refused at once, even right after it was accepted", async () => {
    const { user } = await createTestDeveloper();
    const headers = { authorization: `Bearer ${await yaptureToken(user, { expiresIn: 3 })}` };
    expect((await call(me.GET, { headers })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expectInvalidToken(await call(me.GET, { headers }));
  });
});

describe("a flood of bogus tokens", () => {
  // A provider of this block's own, so every call the marketplace makes to it can be counted.
  const { calls, providerCalls } = countingIdentityProviderForBlock();

  it("asks Yapture about one bogus token once, used 50 times on the developer and admin APIs", async () => {
    calls.length = 0;
    const headers = { authorization: "Bearer bogus-token-that-looks-fine" };
    const handlers = [me.GET, adminDevelopers.GET];
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => call(handlers[i % 2]!, { headers })));
    for (let i = 0; i < 25; i++) results.push(await call(handlers[i % 2]!, { headers }));
    expect(results).toHaveLength(50);
    for (const res of results) expectInvalidToken(res);
    expect(providerCalls()).toBe(1);
  });

  describe("50 different bogus tokens from one address", () => {
    environmentForBlock({ RATE_LIMITS: "on", RATE_LIMIT_AUTH_FAILURE: "5/5m" });
    afterEach(() => vi.useRealTimers());

    it("reach Yapture only until the address has failed twice its quota, while tokens seen valid are still checked", async () => {
      const address = "198.51.100.77";
      const [seen, unseen] = [await bearer(newUser({ email: ADMIN_EMAIL })), await bearer(newUser({ email: ADMIN_EMAIL }))];
      expect((await call(adminDevelopers.GET, { headers: seen, clientAddress: address })).status).toBe(200);
      calls.length = 0;
      const statuses = [];
      for (let i = 0; i < 50; i++) {
        const res = await call(me.GET, { headers: { authorization: `Bearer bogus-token-${i}` }, clientAddress: address });
        statuses.push(res.status);
      }
      // 401 until the quota is used up, 429 after; Yapture is asked about another quota's worth, then no more.
      expect(statuses).toEqual([...Array.from({ length: 5 }, () => 401), ...Array.from({ length: 45 }, () => 429)]);
      expect(providerCalls()).toBe(10);

      // A valid token the marketplace has never seen: refused without asking, until the window passes.
      const refused = await call(adminDevelopers.GET, { headers: unseen, clientAddress: address });
      expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 429, code: "rate_limited" });
      expect(providerCalls()).toBe(10);

      // The administrator's token it has seen valid is served, and once its answer is older than the
      // cache's minute it is asked about again (a revoked token must not outlive that), not refused.
      expect((await call(adminDevelopers.GET, { headers: seen, clientAddress: address })).status).toBe(200);
      expect(providerCalls()).toBe(10);
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 61_000);
      expect((await call(adminDevelopers.GET, { headers: seen, clientAddress: address })).status).toBe(200);
      expect(calls.filter((path) => path === "/token/introspection")).toHaveLength(11);
    });
  });
});

describe("a JWT-shaped garbage token", () => {
  // The provider will not introspect a structured token (400 unsupported_token_type): that is a bad
  // token, not an unreachable Yapture.
  const jwt = ["eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9", "eyJzdWIiOiJhZG1pbiIsImFkbWluIjp0cnVlfQ", "c2lnbmF0dXJl"].join(".");

  it.each([
    ["the developer API", me.GET],
    ["the admin API", adminDevelopers.GET],
  ])("is 401 invalid_token on %s, never 503", async (_, handler) => {
    const res = await call(handler, { headers: { authorization: `Bearer ${jwt}` } });
    expectInvalidToken(res);
    expect(res.headers.get("www-authenticate")).toBe(
      'Bearer realm="yapture-marketplace", error="invalid_token", error_description="the access token is invalid or has expired"',
    );
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

  it("is let in once the email is verified (an answer never stored by a cache)", async () => {
    const res = await call(adminDevelopers.GET, { headers: await bearer(newUser({ email: ADMIN_EMAIL })) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});

describe("a developer reviewing their own app", () => {
  it("is refused with 403 forbidden, while others may review it", async () => {
    const { app, developer } = await insertPublicApp();
    const owner = newUser({ sub: developer.yaptureUserId, email: developer.email });
    const own = await call(reviews.POST, { method: "POST", headers: await bearer(owner), params: { slug: app.slug }, body: { rating: 5 } });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe("forbidden");
    const other = await call(reviews.POST, {
      method: "POST",
      headers: await bearer(newUser()),
      params: { slug: app.slug },
      body: { rating: 4 },
    });
    expect(other.status).toBe(201);
  });
});
