import { randomBytes } from "node:crypto";

import { decode, encode, type JWT } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";

import { decodeLivingToken, renewalOf, SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS, SESSION_RENEW_AFTER_SECONDS } from "./session-lifetime";

// A token's own lifetime (whether its session is still on record is lib/auth/session.db.test.ts's).

const secret = randomBytes(32).toString("base64url");
const HOUR = 60 * 60;

/** A session token as next-auth issues it at sign-in, `age` seconds ago, for someone who signed in `signedInAgo` seconds ago (without `signedInAt` when null). */
async function tokenIssued({ age, signedInAgo = age }: { age: number; signedInAgo?: number | null }) {
  vi.useFakeTimers({ now: Date.now() - age * 1000, toFake: ["Date"] });
  const claims: JWT = { sub: "user-1", email: "a@example.org", sid: "session-1" };
  if (signedInAgo !== null) claims.signedInAt = Math.floor(Date.now() / 1000) - (signedInAgo - age);
  const token = await encode({ token: claims, secret, maxAge: SESSION_IDLE_SECONDS });
  vi.useRealTimers();
  return token;
}

/** Renews the token as a request at `at` (ms since the epoch) would: the new token's value, or null. */
async function renewAt(value: string, at: number): Promise<string | null> {
  vi.useFakeTimers({ now: at, toFake: ["Date"] });
  try {
    const token = await decodeLivingToken({ token: value, secret });
    return token && ((await renewalOf(token, secret))?.token ?? null);
  } finally {
    vi.useRealTimers();
  }
}

afterEach(() => vi.useRealTimers());

const renewed = async (value: string) => renewalOf((await decodeLivingToken({ token: value, secret }))!, secret);

describe("the session's lifetime", () => {
  it("does not renew a token younger than the renewal interval", async () => {
    expect(await renewed(await tokenIssued({ age: SESSION_RENEW_AFTER_SECONDS - 30 }))).toBeNull();
  });

  it("renews an older token for the idle time again, with the same claims, its expiry equal to the cookie's", async () => {
    const renewal = await renewed(await tokenIssued({ age: 2 * HOUR }));
    expect(renewal?.maxAge).toBe(SESSION_IDLE_SECONDS);
    const token = await decode({ token: renewal!.token, secret });
    expect(token).toMatchObject({ sub: "user-1", email: "a@example.org", sid: "session-1" });
    expect(Number(token!.exp) - Number(token!.iat)).toBe(renewal!.maxAge);
  });

  it("never renews past the maximum after sign-in, however active", async () => {
    const renewal = await renewed(await tokenIssued({ age: HOUR, signedInAgo: SESSION_MAX_SECONDS - 2 * HOUR }));
    expect(renewal?.maxAge).toBeGreaterThan(2 * HOUR - 60);
    expect(renewal?.maxAge).toBeLessThanOrEqual(2 * HOUR);
  });

  it("refuses a token past the maximum even when its own expiry is later (next-auth's endpoint renews without a cap)", async () => {
    const pastTheMaximum = await tokenIssued({ age: HOUR, signedInAgo: SESSION_MAX_SECONDS + HOUR });
    expect(await decode({ token: pastTheMaximum, secret })).not.toBeNull();
    expect(await decodeLivingToken({ token: pastTheMaximum, secret })).toBeNull();
  });

  it("refuses a token that does not say when its person signed in: renewing it would start the 7 days again each time", async () => {
    const withoutSignIn = await tokenIssued({ age: HOUR, signedInAgo: null });
    expect(await decode({ token: withoutSignIn, secret })).not.toBeNull();
    expect(await decodeLivingToken({ token: withoutSignIn, secret })).toBeNull();
    expect(await renewalOf((await decode({ token: withoutSignIn, secret }))!, secret)).toBeNull();
  });

  it.each([
    ["that says when its person signed in", true, SESSION_MAX_SECONDS - 6 * HOUR],
    ["that does not (it would otherwise renew for ever)", false, 0],
  ])("a token %s is renewed no later than 7 days after sign-in, however often it is used", async (_, withSignIn, lastRenewedAfter) => {
    const signedIn = Date.now() - 10 * 24 * HOUR * 1000;
    vi.useFakeTimers({ now: signedIn, toFake: ["Date"] });
    const claims: JWT = { sub: "user-1", email: "a@example.org", sid: "session-1" };
    if (withSignIn) claims.signedInAt = Math.floor(signedIn / 1000);
    let value: string | null = await encode({ token: claims, secret, maxAge: SESSION_IDLE_SECONDS });
    vi.useRealTimers();
    // A request every 6 hours for 10 days, each with the token the last renewal set.
    let lastRenewal = signedIn;
    for (let at = signedIn + 6 * HOUR * 1000; at <= signedIn + 10 * 24 * HOUR * 1000 && value; at += 6 * HOUR * 1000) {
      const next: string | null = await renewAt(value, at);
      if (next) lastRenewal = at;
      value = next;
    }
    expect(value).toBeNull();
    expect((lastRenewal - signedIn) / 1000).toBe(lastRenewedAfter);
  });

  it("ignores a value that is no session token", async () => {
    await expect(decodeLivingToken({ token: "not-a-token", secret })).rejects.toThrow();
    expect(
      await decodeLivingToken({ token: await tokenIssued({ age: 2 * HOUR }), secret: randomBytes(32).toString("base64url") }).catch(
        () => null,
      ),
    ).toBeNull();
  });
});
