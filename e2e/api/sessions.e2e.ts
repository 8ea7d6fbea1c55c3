import { readFile } from "node:fs/promises";

import { expect, test, type APIResponse } from "@playwright/test";
import { decode, encode, type JWT } from "next-auth/jwt";

import { E2E_SECRETS_FILE, type E2eSecrets } from "../support/server-settings";

// A portal session ends after 8 h without a request and 7 days after sign-in; requests renew it
// (docs/architecture.md, "Identity"). Tokens are made here with the server's own secret, as if
// issued some time ago.

const HOUR = 60 * 60;
const IDLE = 8 * HOUR;
const MAX = 7 * 24 * HOUR;
const COOKIE = "next-auth.session-token";

const secret = async () => (JSON.parse(await readFile(E2E_SECRETS_FILE, "utf8")) as E2eSecrets).nextAuthSecret;

/** A session token as next-auth issues it, `age` seconds ago, for someone who signed in `signedInAgo` seconds ago. */
async function sessionToken({ age, signedInAgo }: { age: number; signedInAgo: number }): Promise<string> {
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
    const signedInAt = Math.floor(RealDate.now() / 1000) - signedInAgo;
    const claims: JWT = { sub: "session-renewal", email: "session-renewal@example.com", name: "Renewal", signedInAt };
    return await encode({ token: claims, secret: await secret(), maxAge: IDLE });
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

test("a fresh session is not renewed on every request", async ({ request }) => {
  const token = await sessionToken({ age: 60, signedInAgo: 60 });
  const response = await request.get("/apps", { headers: { cookie: `${COOKIE}=${token}` } });
  expect(response.status()).toBe(200);
  expect(setSessionCookie(response)).toBeUndefined();
});

test("a request renews an older session for the idle time, the token's expiry equal to the cookie's", async ({ request }) => {
  const token = await sessionToken({ age: HOUR, signedInAgo: 3 * HOUR });
  const response = await request.get("/apps", { headers: { cookie: `${COOKIE}=${token}` } });
  expect(response.status()).toBe(200);
  const renewed = setSessionCookie(response)!;
  expect(renewed.maxAge).toBe(IDLE);
  const claims = (await decode({ token: decodeURIComponent(renewed.value), secret: await secret() }))!;
  expect(claims).toMatchObject({ sub: "session-renewal", email: "session-renewal@example.com" });
  expect(Number(claims.exp) - Number(claims.iat)).toBe(renewed.maxAge);
  expect(Math.abs(Number(claims.exp) - (Date.now() / 1000 + IDLE))).toBeLessThan(60);
});

test("no renewal reaches past 7 days after sign-in", async ({ request }) => {
  const token = await sessionToken({ age: HOUR, signedInAgo: MAX - 2 * HOUR });
  const renewed = setSessionCookie(await request.get("/apps", { headers: { cookie: `${COOKIE}=${token}` } }))!;
  expect(renewed.maxAge).toBeGreaterThan(2 * HOUR - 60);
  expect(renewed.maxAge).toBeLessThanOrEqual(2 * HOUR);
});

test("a session past 7 days after sign-in is signed out, though its token has not expired", async ({ request }) => {
  const token = await sessionToken({ age: HOUR, signedInAgo: MAX + HOUR });
  const headers = { cookie: `${COOKIE}=${token}`, origin: new URL(test.info().project.use.baseURL ?? "http://localhost:3200").origin };
  const response = await request.get("/api/dev/me", { headers });
  expect(response.status()).toBe(401);
  expect(((await response.json()) as { code: string }).code).toBe("unauthenticated");
  expect(setSessionCookie(response)).toBeUndefined();
  // next-auth's own session endpoint (which renews without a cap) finds no session either.
  const session = await request.get("/api/auth/session", { headers });
  expect(await session.json()).toEqual({});
});
