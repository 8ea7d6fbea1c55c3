import { randomUUID } from "node:crypto";

import { encode } from "next-auth/jwt";
import { vi } from "vitest";

import { SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS } from "@/lib/auth/session-lifetime";
import type { YaptureIdentity } from "@/lib/callers/identity";
import { env } from "@/lib/core/env";
import { openPortalSession } from "@/lib/sessions/records";

export type TestUser = YaptureIdentity;

/** A fresh Yapture user with a verified email and two workspaces of their own, unique per call. */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `user-${id}`,
    email: `dev-${id}@example.com`,
    name: `Dev ${id}`,
    emailVerified: true,
    workspaces: [
      { id: `ws-${id}-team`, name: `Team ${id}` },
      { id: `ws-${id}-side`, name: "Side projects" },
    ],
    ...overrides,
  };
}

/** A real access token of the bundled provider (its POST /dev/token), issued to the marketplace unless `clientId` says otherwise. */
export async function yaptureToken(user: TestUser, options: { expiresIn?: number; clientId?: string } = {}): Promise<string> {
  const response = await fetch(`${env().YAPTURE_ISSUER}/dev/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      sub: user.sub,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      workspaces: user.workspaces,
      ...options,
    }),
  });
  if (!response.ok) throw new Error(`dev token: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function bearer(user: TestUser, options: { clientId?: string } = {}): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await yaptureToken(user, options)}` };
}

/** When a test session's token was issued (last renewed) and its person signed in, in seconds before now. */
type SessionTimes = { issuedAgo?: number; signedInAgo?: number };

/**
 * A portal session token as next-auth issues it at sign-in (lib/auth/next-auth-options.ts), with
 * its session on record: issued `issuedAgo` seconds ago (next-auth and jose read the clock through
 * Date, so it is encoded under a clock set back), for a person who signed in `signedInAgo` ago.
 */
export async function sessionToken(user: TestUser, { issuedAgo = 0, signedInAgo = issuedAgo }: SessionTimes = {}): Promise<string> {
  const now = Date.now();
  const signedInAt = Math.floor(now / 1000) - signedInAgo;
  const sid = await openPortalSession({
    yaptureUserId: user.sub,
    signedInAt: new Date(signedInAt * 1000),
    expiresAt: new Date((signedInAt + SESSION_MAX_SECONDS) * 1000),
  });
  const claims = {
    sub: user.sub,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    workspaces: user.workspaces,
    signedInAt,
    sid,
  };
  if (issuedAgo === 0) return encode({ token: claims, secret: env().nextAuthSecret, maxAge: SESSION_IDLE_SECONDS });
  vi.useFakeTimers({ now: now - issuedAgo * 1000, toFake: ["Date"] });
  try {
    return await encode({ token: claims, secret: env().nextAuthSecret, maxAge: SESSION_IDLE_SECONDS });
  } finally {
    vi.useRealTimers();
  }
}

/** The Cookie header of a signed-in portal session, as next-auth would have set it (its session on record). */
export async function sessionCookie(user: TestUser, times: SessionTimes = {}): Promise<string> {
  return `next-auth.session-token=${await sessionToken(user, times)}`;
}
