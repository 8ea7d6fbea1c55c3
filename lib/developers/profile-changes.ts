import { and, desc, eq, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { developerProfileChanges, developers, type Developer, type DeveloperProfileChange, type PublicProfile } from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import { auditActorOf, type Access } from "@/lib/members/access";
import type { Caller } from "@/lib/callers/caller";
import { ApiError, notFound } from "@/lib/core/errors";

import { profileChangeTransitions } from "./profile-change-states";
import { publicProfileChanges, publicProfileOf, withSentFields } from "./public-profile";

// A verified developer's changes of their public profile, the developer's side: asking for one,
// replacing and withdrawing it. The administrators' side is ./profile-change-review.ts.

type SentFields = Parameters<typeof withSentFields>[1];

const ofDeveloper = (developerId: string) => eq(developerProfileChanges.developerId, developerId);
const isPending = eq(developerProfileChanges.status, "PENDING");
const sameProfile = (a: PublicProfile, b: PublicProfile) => publicProfileChanges(a, b).length === 0;

const API_KEY_REFUSAL = "an API key cannot change the public profile; a person signed in with Yapture (access token or portal) can";

/**
 * 403 `forbidden` for an API key: a key speaks for a developer's apps, whatever its scopes, not for
 * the person whose public identity an administrator verified. `fields` names the fields it tried to change.
 */
export function apiKeyRefusal(fields: readonly string[] = []): ApiError {
  if (fields.length === 0) return new ApiError("forbidden", API_KEY_REFUSAL);
  return new ApiError("forbidden", `${fields.join(", ")}: ${API_KEY_REFUSAL}`, {
    errors: fields.map((path) => ({ path, code: "forbidden", message: API_KEY_REFUSAL })),
  });
}

/** The developer's row, locked: every change of the public profile, and the administrators' decisions, queue on it. */
export async function lockDeveloper(tx: Executor, developerId: string): Promise<Developer> {
  const [developer] = await tx.select().from(developers).where(eq(developers.id, developerId)).for("update");
  if (!developer) throw notFound("developer profile");
  return developer;
}

/** The developer's newest change, the pending one first. */
async function newestChange(db: Executor, developerId: string): Promise<DeveloperProfileChange | undefined> {
  const [newest] = await db
    .select()
    .from(developerProfileChanges)
    .where(ofDeveloper(developerId))
    .orderBy(sql`${isPending} desc`, desc(developerProfileChanges.createdAt), desc(developerProfileChanges.id))
    .limit(1);
  return newest;
}

/** What the developer sees: the change waiting for review, or the last one if it was rejected; else null. */
export async function currentProfileChange(developerId: string, tx?: Executor): Promise<DeveloperProfileChange | null> {
  const newest = await newestChange(tx ?? (await getDb()), developerId);
  return newest && (newest.status === "PENDING" || newest.status === "REJECTED") ? newest : null;
}

function audit(tx: Executor, access: Access, action: "request" | "withdraw", change: DeveloperProfileChange, extra = {}) {
  return recordAudit(tx, {
    actor: auditActorOf(access),
    developerId: access.developerId,
    action: `profile_change.${action}`,
    targetType: "developer",
    targetId: access.developerId,
    before: action === "request" ? { ...change.previous } : { status: "PENDING" },
    after: { changeId: change.id, status: change.status, ...(action === "request" ? change.proposed : {}), ...extra },
  });
}

async function withdraw(tx: Executor, developer: Developer, access: Access, changeId: string, extra: Record<string, unknown> = {}) {
  const { after } = await profileChangeTransitions.transition(tx, {
    id: changeId,
    action: "withdraw",
    scope: ofDeveloper(developer.id),
    set: () => ({ status: "WITHDRAWN", updatedAt: new Date() }),
  });
  await audit(tx, access, "withdraw", after, extra);
}

/**
 * A verified developer's edit of the public profile, in the transaction that holds the developer's
 * row lock: the fields sent, on top of the pending change (or of the public profile), become the new
 * pending change, which replaces the old one under a new id (so an administrator never approves
 * what they did not read). Fields equal to the pending change change nothing; a profile equal to
 * the public one withdraws the pending change.
 */
export async function proposeProfileChange(tx: Executor, developer: Developer, access: Access, sent: SentFields): Promise<void> {
  const live = publicProfileOf(developer);
  const [pending] = await tx
    .select()
    .from(developerProfileChanges)
    .where(and(ofDeveloper(developer.id), isPending))
    .for("update");
  const proposed = withSentFields(pending?.proposed ?? live, sent);
  if (pending && sameProfile(proposed, pending.proposed)) return;
  if (sameProfile(proposed, live)) {
    if (pending) await withdraw(tx, developer, access, pending.id);
    return;
  }
  const now = new Date();
  if (pending) await withdraw(tx, developer, access, pending.id, { replaced: true });
  // The unique index on (developer) where PENDING backs the row lock: never two pending changes.
  const [created] = await tx
    .insert(developerProfileChanges)
    .values({ developerId: developer.id, previous: live, proposed, createdAt: now, updatedAt: now })
    .returning();
  await audit(tx, access, "request", created!);
}

/** The developer takes their pending change back; the public profile stays as it is. */
export async function withdrawProfileChange({
  developerId,
  caller,
  access,
}: {
  developerId: string;
  caller: Caller;
  access: Access;
}): Promise<void> {
  if (caller.kind === "api_key") throw apiKeyRefusal();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const developer = await lockDeveloper(tx, developerId);
    const newest = await newestChange(tx, developerId);
    if (!newest) throw notFound("profile change");
    await withdraw(tx, developer, access, newest.id);
  });
}
