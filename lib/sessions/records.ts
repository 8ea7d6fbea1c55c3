import { createHash, randomBytes } from "node:crypto";

import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { portalSessions } from "@/db/schema";

// The server's record of each portal session (docs/architecture.md, "Portal sessions"). The session
// token is next-auth's encrypted JWT, which only this server can make; it carries a random id, and
// the token counts only while that id's row exists and is within the 7 days after sign-in. Deleting
// the row ends the session at once, on every instance: sign-out deletes one, a developer's
// suspension all of that person's, an operator any (`delete from portal_sessions where …`).
// Every authenticated use asks (one primary-key lookup); nothing is cached.

/** How many ended sessions a sign-in clears out of the table as it goes (each sign-in adds one). */
const SWEEP_PER_SIGN_IN = 100;

const idHashOf = (id: string) => createHash("sha256").update(id).digest("base64url");

/** Records a sign-in and returns the new session's id, for its token to carry. */
export async function openPortalSession({
  yaptureUserId,
  signedInAt,
  expiresAt,
}: {
  yaptureUserId: string;
  signedInAt: Date;
  expiresAt: Date;
}): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.insert(portalSessions).values({ idHash: idHashOf(id), yaptureUserId, signedInAt, expiresAt });
  // Ended sessions are only ever refused; a few go with each sign-in, so the table holds about the
  // sign-ins of the last 7 days. Rows another sign-in is deleting are skipped, not waited for.
  const ended = db
    .select({ idHash: portalSessions.idHash })
    .from(portalSessions)
    .where(lt(portalSessions.expiresAt, sql`now()`))
    .limit(SWEEP_PER_SIGN_IN)
    .for("update", { skipLocked: true });
  await db.delete(portalSessions).where(inArray(portalSessions.idHash, ended));
  return id;
}

/** True while the session with this id is on record and within its 7 days. */
export async function portalSessionIsOpen(id: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(portalSessions)
    .where(and(eq(portalSessions.idHash, idHashOf(id)), gt(portalSessions.expiresAt, sql`now()`)));
  return rows.length > 0;
}

/** Ends one session (sign-out). */
export async function closePortalSession(id: string): Promise<void> {
  const db = await getDb();
  await db.delete(portalSessions).where(eq(portalSessions.idHash, idHashOf(id)));
}

/** Ends every session of one person, in the caller's transaction (a developer's suspension). */
export async function closePortalSessionsOf(executor: Executor, yaptureUserId: string): Promise<number> {
  const ended = await executor
    .delete(portalSessions)
    .where(eq(portalSessions.yaptureUserId, yaptureUserId))
    .returning({ idHash: portalSessions.idHash });
  return ended.length;
}
