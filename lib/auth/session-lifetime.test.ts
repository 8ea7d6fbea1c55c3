import { randomBytes } from "node:crypto";

import { decode, encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";

import { decodeSession, renewedSession, SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS, SESSION_RENEW_AFTER_SECONDS } from "./session-lifetime";

const secret = randomBytes(32).toString("base64url");
const HOUR = 60 * 60;

/** A session token as next-auth issues it at sign-in, `age` seconds ago, for someone who signed in `signedInAgo` seconds ago. */
async function tokenIssued({ age, signedInAgo = age }: { age: number; signedInAgo?: number }) {
  vi.useFakeTimers({ now: Date.now() - age * 1000, toFake: ["Date"] });
  const signedInAt = Math.floor(Date.now() / 1000) - (signedInAgo - age);
  const token = await encode({ token: { sub: "user-1", email: "a@example.org", signedInAt }, secret, maxAge: SESSION_IDLE_SECONDS });
  vi.useRealTimers();
  return token;
}

afterEach(() => vi.useRealTimers());

describe("the session's lifetime", () => {
  it("does not renew a token younger than the renewal interval", async () => {
    expect(await renewedSession(await tokenIssued({ age: SESSION_RENEW_AFTER_SECONDS - 30 }), secret)).toBeNull();
  });

  it("renews an older token for the idle time again, with the same claims, its expiry equal to the cookie's", async () => {
    const renewed = await renewedSession(await tokenIssued({ age: 2 * HOUR }), secret);
    expect(renewed?.maxAge).toBe(SESSION_IDLE_SECONDS);
    const token = await decode({ token: renewed!.token, secret });
    expect(token).toMatchObject({ sub: "user-1", email: "a@example.org" });
    expect(Number(token!.exp) - Number(token!.iat)).toBe(renewed!.maxAge);
  });

  it("never renews past the maximum after sign-in, however active", async () => {
    const nearTheEnd = await tokenIssued({ age: HOUR, signedInAgo: SESSION_MAX_SECONDS - 2 * HOUR });
    const renewed = await renewedSession(nearTheEnd, secret);
    expect(renewed?.maxAge).toBeGreaterThan(2 * HOUR - 60);
    expect(renewed?.maxAge).toBeLessThanOrEqual(2 * HOUR);
  });

  it("refuses a token past the maximum even when its own expiry is later (next-auth's endpoint renews without a cap)", async () => {
    const pastTheMaximum = await tokenIssued({ age: HOUR, signedInAgo: SESSION_MAX_SECONDS + HOUR });
    expect(await decode({ token: pastTheMaximum, secret })).not.toBeNull();
    expect(await decodeSession({ token: pastTheMaximum, secret })).toBeNull();
    expect(await renewedSession(pastTheMaximum, secret)).toBeNull();
  });

  it("ignores a value that is no session token", async () => {
    expect(await renewedSession("not-a-token", secret)).toBeNull();
    expect(await renewedSession(await tokenIssued({ age: 2 * HOUR }), randomBytes(32).toString("base64url"))).toBeNull();
  });
});
