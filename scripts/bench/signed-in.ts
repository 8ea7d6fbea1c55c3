import { createHash, randomBytes } from "node:crypto";

import { encode } from "next-auth/jwt";
import type postgres from "postgres";

import { SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS } from "@/lib/auth/session-lifetime";

// A signed-in person for the scenarios that ask as one: a portal session on record, and its cookie
// as next-auth issues it at sign-in (lib/auth/next-auth-options.ts), under the bench server's secret.

export async function signedInCookie(sql: postgres.Sql, secret: string): Promise<string> {
  const sub = "bench-visitor";
  const sid = randomBytes(32).toString("base64url");
  const signedInAt = Math.floor(Date.now() / 1000);
  await sql`insert into portal_sessions (id_hash, yapture_user_id, signed_in_at, expires_at)
            values (${createHash("sha256").update(sid).digest("base64url")}, ${sub},
                    to_timestamp(${signedInAt}), to_timestamp(${signedInAt + SESSION_MAX_SECONDS}))`;
  const token = await encode({
    token: { sub, email: "visitor@example.com", name: "Bench Visitor", emailVerified: true, workspaces: [], signedInAt, sid },
    secret,
    maxAge: SESSION_IDLE_SECONDS,
  });
  return `next-auth.session-token=${token}`;
}
