import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";

import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { decode, encode, type JWT } from "next-auth/jwt";

import { E2E_SECRETS_FILE, type E2eSecrets } from "../support/server-settings";
import { signInOverHttp } from "../support/yapture";

// A portal session ends after 8 h without a request, 7 days after sign-in, and at sign-out; requests
// renew it, on answers no shared cache may keep (docs/architecture.md, "Portal sessions"). Each test
// signs in for real (the session is on record), then re-issues its token with the server's own
// secret as if issued some time ago.

const HOUR = 60 * 60;
const IDLE = 8 * HOUR;
const MAX = 7 * 24 * HOUR;
const COOKIE = "next-auth.session-token";

const secret = async () => (JSON.parse(await readFile(E2E_SECRETS_FILE, "utf8")) as E2eSecrets).nextAuthSecret;
const origin = () => new URL(test.info().project.use.baseURL ?? "http://localhost:3200").origin;

/** A fresh person's session, signed in through the provider: its token's claims (the session's id among them). */
async function signedInClaims(request: APIRequestContext): Promise<JWT> {
  const value = await signInOverHttp(request, `session-${randomUUID().slice(0, 8)}@example.com`);
  return (await decode({ token: value, secret: await secret() }))!;
}

/** The session's token re-issued `age` seconds ago, for someone who signed in `signedInAgo` seconds ago. */
async function sessionToken(claims: JWT, { age, signedInAgo }: { age: number; signedInAgo: number }): Promise<string> {
  const RealDate = Date;
  const issuedAt = RealDate.now() - age * 1000;
  // next-auth and jose read the clock through Date: run the encoding at the time it was issued.
  globalThis.Date = class extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor>) {
      super(...((args.length > 0 ? args : [issuedAt]) as [number]));
    }
    static override now() {
      return issuedAt;
    }
  } as DateConstructor;
  try {
    const { iat: _iat, exp: _exp, jti: _jti, ...rest } = claims;
    const signedInAt = Math.floor(RealDate.now() / 1000) - signedInAgo;
    return await encode({ token: { ...rest, signedInAt }, secret: await secret(), maxAge: IDLE });
  } finally {
    globalThis.Date = RealDate;
  }
}

/** The session cookie the answer sets, with its Max-Age. */
function setSessionCookie(response: APIResponse): { value: string; maxAge: number } | undefined {
  const line = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value)
    .find((value) => value.startsWith(`${COOKIE}=`));
  if (!line) return undefined;
  return { value: /^[^=]+=([^;]*)/.exec(line)![1]!, maxAge: Number(/Max-Age=(\d+)/i.exec(line)?.[1]) };
}

/** Requests with only this cookie (not the jar of the context that signed in). */
const withCookie = (token: string) => ({ headers: { cookie: `${COOKIE}=${token}`, origin: origin() } });

test("a fresh session is not renewed on every request", async ({ request, playwright }) => {
  const token = await sessionToken(await signedInClaims(request), { age: 60, signedInAgo: 60 });
  const anonymous = await playwright.request.newContext({ baseURL: origin() });
  const response = await anonymous.get("/apps", withCookie(token));
  expect(response.status()).toBe(200);
  expect(setSessionCookie(response)).toBeUndefined();
  await anonymous.dispose();
});

// A page may be served from the server's memory, which renews nothing; every page then asks
// /api/me for the person's parts (docs/architecture.md, "Pages rendered once"), which renews.
test("a request renews an older session for the idle time, the token's expiry equal to the cookie's", async ({ request, playwright }) => {
  const claims = await signedInClaims(request);
  const token = await sessionToken(claims, { age: HOUR, signedInAgo: 3 * HOUR });
  const anonymous = await playwright.request.newContext({ baseURL: origin() });
  const response = await anonymous.get("/api/me", withCookie(token));
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toMatch(/private/);
  const renewed = setSessionCookie(response)!;
  expect(renewed.maxAge).toBe(IDLE);
  const renewedClaims = (await decode({ token: decodeURIComponent(renewed.value), secret: await secret() }))!;
  expect(renewedClaims).toMatchObject({ sub: claims.sub, email: claims.email, sid: claims.sid });
  expect(Number(renewedClaims.exp) - Number(renewedClaims.iat)).toBe(renewed.maxAge);
  expect(Math.abs(Number(renewedClaims.exp) - (Date.now() / 1000 + IDLE))).toBeLessThan(60);
  await anonymous.dispose();
});

test("a renewed cookie never rides on an answer a shared cache may keep", async ({ request, playwright }) => {
  const token = await sessionToken(await signedInClaims(request), { age: HOUR, signedInAgo: 3 * HOUR });
  const anonymous = await playwright.request.newContext({ baseURL: origin() });
  // The demo images are hosted just after the server starts: wait for the first app's logo.
  const firstApp = async () =>
    ((await (await anonymous.get("/api/apps?limit=1")).json()) as { data: { slug: string; logoUrl: string }[] }).data[0]!;
  await expect.poll(async () => (await firstApp()).logoUrl, { timeout: 60_000 }).toMatch(/\/assets\/[0-9a-f]{64}/);
  const app = await firstApp();
  for (const path of [new URL(app.logoUrl).pathname, "/api/apps?limit=1", `/api/apps/${app.slug}`, "/api/openapi.json"]) {
    const response = await anonymous.get(path, withCookie(token));
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toMatch(/^public/);
    expect(setSessionCookie(response), path).toBeUndefined();
  }
  // The portal's own API is no-store: renewed there.
  const me = await anonymous.get("/api/dev/me", withCookie(token));
  expect(me.headers()["cache-control"]).toBe("no-store");
  expect(setSessionCookie(me)).toBeDefined();
  await anonymous.dispose();
});

test("no renewal reaches past 7 days after sign-in", async ({ request, playwright }) => {
  const token = await sessionToken(await signedInClaims(request), { age: HOUR, signedInAgo: MAX - 2 * HOUR });
  const anonymous = await playwright.request.newContext({ baseURL: origin() });
  const renewed = setSessionCookie(await anonymous.get("/api/me", withCookie(token)))!;
  expect(renewed.maxAge).toBeGreaterThan(2 * HOUR - 60);
  expect(renewed.maxAge).toBeLessThanOrEqual(2 * HOUR);
  await anonymous.dispose();
});

test("a session past 7 days after sign-in is signed out, though its token has not expired", async ({ request, playwright }) => {
  const token = await sessionToken(await signedInClaims(request), { age: HOUR, signedInAgo: MAX + HOUR });
  const anonymous = await playwright.request.newContext({ baseURL: origin() });
  const response = await anonymous.get("/api/dev/me", withCookie(token));
  expect(response.status()).toBe(401);
  expect(((await response.json()) as { code: string }).code).toBe("unauthenticated");
  expect(setSessionCookie(response)).toBeUndefined();
  // next-auth's own session endpoint (which renews without a cap) finds no session either.
  const session = await anonymous.get("/api/auth/session", withCookie(token));
  expect(await session.json()).toEqual({});
  await anonymous.dispose();
});

test("signing out ends the session: a copy of its cookie is refused and not renewed", async ({ request, playwright }) => {
  const claims = await signedInClaims(request);
  const copy = await sessionToken(claims, { age: HOUR, signedInAgo: 2 * HOUR });
  const elsewhere = await playwright.request.newContext({ baseURL: origin() });
  // Someone holding a copy is served (a person without a developer profile: 404 not_found) and renewed…
  const before = await elsewhere.get("/api/dev/me", withCookie(copy));
  expect(before.status()).toBe(404);
  expect(setSessionCookie(before)).toBeDefined();
  // …until the person signs out (next-auth's form post, as the portal's Sign out button sends it).
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const signOut = await request.post("/api/auth/signout", { form: { csrfToken, callbackUrl: "/", json: "true" } });
  expect(signOut.status()).toBe(200);
  const after = await elsewhere.get("/api/dev/me", withCookie(copy));
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { code: string }).code).toBe("unauthenticated");
  expect(setSessionCookie(await elsewhere.get("/apps", withCookie(copy)))).toBeUndefined();
  expect(await (await elsewhere.get("/api/auth/session", withCookie(copy))).json()).toEqual({});
  await elsewhere.dispose();
});
