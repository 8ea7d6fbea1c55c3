import { createHash } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { decode, encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";

import * as me from "@/app/api/dev/me/route";
import { getDb, queryRows } from "@/db/client";
import { portalSessions } from "@/db/schema";
import { authOptions } from "@/lib/auth/next-auth-options";
import { decodeSession, sessionTokenOf } from "@/lib/auth/session";
import { SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS } from "@/lib/auth/session-lifetime";
import { env } from "@/lib/core/env";
import { createTestDeveloper } from "@/test/support/developers";
import { call } from "@/test/support/http";
import { sessionCookie, sessionToken, type TestUser } from "@/test/support/identity";
import { proxy } from "@/proxy";

// Portal sessions (docs/architecture.md, "Portal sessions"): a renewed cookie rides only on answers
// no shared cache may keep, and a session counts only while it is on record, so signing out (or a
// suspension: app/api/admin/developers/[id]/suspend/route.test.ts) ends every copy of its cookie.

const HOUR = 60 * 60;
const COOKIE = "next-auth.session-token";
const ORIGIN = "http://localhost:3000";

function visit(path: string, cookie: string, method = "GET") {
  return proxy(new NextRequest(`${ORIGIN}${path}`, { method, headers: { cookie, origin: ORIGIN } }));
}

/** The session cookie a response sets, with its Max-Age, if any. */
function renewedCookie(response: Response): { value: string; maxAge: number } | undefined {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${COOKIE}=`));
  if (!line) return undefined;
  return { value: decodeURIComponent(/^[^=]+=([^;]*)/.exec(line)![1]!), maxAge: Number(/Max-Age=(\d+)/i.exec(line)?.[1]) };
}

const developerApi = (cookie: string) => call(me.GET, { headers: { cookie, origin: ORIGIN } });
const tokenOf = (cookie: string) => cookie.slice(`${COOKIE}=`.length);

describe("renewal", () => {
  it.each(["/apps", "/apps/slack-sync?_rsc=1x2y3", "/developer", "/no-such-page", "/api/dev/me", "/api/admin/developers"])(
    "renews an hour-old session on %s, an answer no shared cache keeps",
    async (path) => {
      const { user } = await createTestDeveloper();
      const response = await visit(path, await sessionCookie(user, { issuedAgo: HOUR, signedInAgo: 3 * HOUR }));
      const renewed = renewedCookie(response);
      expect(renewed?.maxAge).toBe(SESSION_IDLE_SECONDS);
      const claims = await decode({ token: renewed!.value, secret: env().nextAuthSecret });
      expect(claims).toMatchObject({ sub: user.sub, email: user.email });
      expect(response.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    },
  );

  it.each([
    `/assets/${"a".repeat(64)}.png`, // hosted images: public, max-age=31536000, immutable
    `/assets/preview/6c4a1dad-95a0-4732-811c-a8f3f7880538`,
    "/api/apps?limit=1", // the public API: public, max-age=30
    "/api/apps/slack-sync",
    "/api/apps/categories",
    "/api/openapi.json",
    "/api/health",
    "/api/auth/session", // next-auth sets its own cookies
    "/demo/slack-sync/logo.png", // the public folder
    "/icon.svg",
  ])("never renews on %s, which a CDN may keep for everyone after", async (path) => {
    const { user } = await createTestDeveloper();
    const response = await visit(path, await sessionCookie(user, { issuedAgo: HOUR, signedInAgo: 3 * HOUR }));
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("does not renew a session that is no longer on record", async () => {
    const { user } = await createTestDeveloper();
    const cookie = await sessionCookie(user, { issuedAgo: HOUR, signedInAgo: 3 * HOUR });
    await endRecordOf(cookie);
    expect(renewedCookie(await visit("/apps", cookie))).toBeUndefined();
  });
});

/** Deletes the session's row, as an operator would: `delete from portal_sessions where …`. */
async function endRecordOf(cookie: string): Promise<void> {
  const token = await decode({ token: tokenOf(cookie), secret: env().nextAuthSecret });
  const db = await getDb();
  await db.delete(portalSessions).where(eq(portalSessions.idHash, createHash("sha256").update(String(token!.sid)).digest("base64url")));
}

async function expectSignedOut(cookie: string) {
  const api = await developerApi(cookie);
  expect(api.status).toBe(401);
  expect(api.body.code).toBe("unauthenticated");
  expect(await sessionTokenOf(new Map([[COOKIE, tokenOf(cookie)]]))).toBeNull();
  expect(await decodeSession({ token: tokenOf(cookie), secret: env().nextAuthSecret })).toBeNull();
}

describe("a session on record", () => {
  it("is served by the API, the pages and next-auth's endpoints while its record stands", async () => {
    const { user } = await createTestDeveloper();
    const cookie = await sessionCookie(user);
    expect((await developerApi(cookie)).status).toBe(200);
    expect(await sessionTokenOf(new Map([[COOKIE, tokenOf(cookie)]]))).toMatchObject({ sub: user.sub });
    expect(await decodeSession({ token: tokenOf(cookie), secret: env().nextAuthSecret })).toMatchObject({ sub: user.sub });
  });

  it("ends when the person signs out: a copy of the cookie is refused everywhere and never renewed", async () => {
    const { user } = await createTestDeveloper();
    const copied = await sessionCookie(user, { issuedAgo: HOUR, signedInAgo: 2 * HOUR });
    const other = await sessionCookie(user); // the same person signed in elsewhere
    expect((await developerApi(copied)).status).toBe(200);
    // What next-auth's sign-out does with the cookie it was sent (node_modules/next-auth/core/routes/signout.js).
    const options = authOptions();
    const token = await options.jwt!.decode!({ token: tokenOf(copied), secret: env().nextAuthSecret });
    await options.events!.signOut!({ token: token!, session: undefined as never });
    await expectSignedOut(copied);
    expect(renewedCookie(await visit("/apps", copied))).toBeUndefined();
    // Signing out of one session leaves the person's others alone.
    expect((await developerApi(other)).status).toBe(200);
  });

  it("ends when its record is deleted (an operator ending a session)", async () => {
    const { user } = await createTestDeveloper();
    const cookie = await sessionCookie(user);
    await endRecordOf(cookie);
    await expectSignedOut(cookie);
  });

  it("ends 7 days after sign-in by its record too", async () => {
    const { user } = await createTestDeveloper();
    const cookie = await sessionCookie(user, { signedInAgo: HOUR });
    const db = await getDb();
    await db.execute(sql`update portal_sessions set expires_at = now() - interval '1 second' where yapture_user_id = ${user.sub}`);
    await expectSignedOut(cookie);
  });

  it("is refused without a record: a token from before sessions were recorded signs its person out once", async () => {
    const { user } = await createTestDeveloper();
    const withoutRecord = (claims: Record<string, unknown>) =>
      encode({
        token: { sub: user.sub, email: user.email, name: user.name, emailVerified: true, ...claims },
        secret: env().nextAuthSecret,
      });
    const signedInAt = Math.floor(Date.now() / 1000) - HOUR;
    for (const token of [await withoutRecord({ signedInAt }), await withoutRecord({ signedInAt, sid: "made-up" })]) {
      await expectSignedOut(`${COOKIE}=${token}`);
    }
  });

  it("is recorded at sign-in with its 7 days, and the table never holds the id its token carries", async () => {
    const user: TestUser = (await createTestDeveloper()).user;
    const options = authOptions();
    const before = Date.now();
    const token = await options.callbacks!.jwt!({
      token: { name: user.name, email: user.email, sub: user.sub },
      user: { id: user.sub },
      account: null,
      profile: { sub: user.sub, email: user.email, email_verified: true, name: user.name } as never,
    });
    expect(token.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await queryRows<{ id_hash: string; signed_in_at: Date; expires_at: Date }>(
      await getDb(),
      sql`select id_hash, signed_in_at, expires_at from portal_sessions where yapture_user_id = ${user.sub}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).not.toContain(token.sid);
    const signedInAt = new Date(rows[0]!.signed_in_at).getTime();
    expect(signedInAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(new Date(rows[0]!.expires_at).getTime() - signedInAt).toBe(SESSION_MAX_SECONDS * 1000);
    // Nothing a page or next-auth's session endpoint shows carries the session's id.
    const session = await options.callbacks!.session!({ session: { expires: "" }, token } as never);
    expect(JSON.stringify(session)).not.toContain(String(token.sid));
  });

  it("a sign-in clears ended sessions out of the table", async () => {
    const { user } = await createTestDeveloper();
    for (let i = 0; i < 3; i++) await sessionToken(user);
    const db = await getDb();
    await db.execute(sql`update portal_sessions set expires_at = now() - interval '1 day' where yapture_user_id = ${user.sub}`);
    await sessionToken(user);
    const left = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from portal_sessions where yapture_user_id = ${user.sub}`,
    );
    expect(left[0]!.n).toBe(1);
  });
});
