import { randomUUID } from "node:crypto";

import { encode } from "next-auth/jwt";

import type { YaptureIdentity } from "@/lib/callers/identity";
import { env } from "@/lib/core/env";

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

/** The Cookie header of a signed-in portal session, as next-auth would have set it at sign-in. */
export async function sessionCookie(user: TestUser): Promise<string> {
  const signedInAt = Math.floor(Date.now() / 1000);
  const token = await encode({
    token: {
      sub: user.sub,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      workspaces: user.workspaces,
      signedInAt,
    },
    secret: env().nextAuthSecret,
  });
  return `next-auth.session-token=${token}`;
}
