import { and, eq, ne } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { developers, type Developer, type DeveloperProfileChange } from "@/db/schema";
import type { Caller } from "@/lib/callers/caller";
import type { YaptureIdentity } from "@/lib/callers/identity";
import type { DeveloperStatus } from "@/lib/core/enums";
import { recordAudit } from "@/lib/audit/service";
import { ApiError } from "@/lib/core/errors";
import type { Access } from "@/lib/members/access";
import { isUniqueViolation } from "@/db/constraint-errors";
import { log } from "@/lib/core/log";
import type { RegisterDeveloperInput, UpdateDeveloperInput } from "./schemas";

import { apiKeyRefusal, currentProfileChange, lockDeveloper, proposeProfileChange } from "./profile-changes";
import { publicProfileChanges, publicProfileOf, withSentFields } from "./public-profile";

/** What following the account's email needs of an identity. */
type AccountClaims = Pick<YaptureIdentity, "sub" | "email" | "emailVerified">;

const alreadyRegistered = () => new ApiError("already_registered", "a developer profile already exists for this Yapture account or email");

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The profile's email is the Yapture account's: a body may repeat it, never change it. */
function assertAccountEmail(sent: string | undefined, accountEmail: string): void {
  if (sent === undefined || sameEmail(sent, accountEmail)) return;
  const message = "the email is your Yapture account's verified email; change it at Yapture";
  throw new ApiError("validation_failed", `email: ${message}`, { errors: [{ path: "email", code: "read_only", message }] });
}

/** Creates the caller's developer profile, PENDING_VERIFICATION. One per Yapture user and per email. */
export async function registerDeveloper({
  identity,
  input,
  tx,
}: {
  identity: YaptureIdentity;
  input: RegisterDeveloperInput;
  tx?: Executor;
}): Promise<Developer> {
  if (input.yaptureUserId !== undefined && input.yaptureUserId !== identity.sub) {
    throw new ApiError("forbidden", "yaptureUserId must be the signed-in Yapture account");
  }
  assertAccountEmail(input.email, identity.email);
  if (!identity.emailVerified) {
    throw new ApiError("email_unverified", "verify your email address at Yapture first; the marketplace only writes to verified addresses");
  }
  const insert = async (db: Executor) => {
    const [created] = await db
      .insert(developers)
      .values({
        yaptureUserId: identity.sub,
        name: input.name,
        email: identity.email,
        companyName: input.companyName ?? null,
        websiteUrl: input.websiteUrl ?? null,
        bio: input.bio ?? null,
      })
      // Either unique index (Yapture user, lower(email)) may fire; both mean "already registered".
      .onConflictDoNothing()
      .returning();
    if (!created) throw alreadyRegistered();
    // The account's first event, in its owners' log and the administrators'.
    await recordAudit(db, {
      actor: { kind: "member", sub: identity.sub, email: identity.email, name: created.name },
      developerId: created.id,
      action: "developer.register",
      targetType: "developer",
      targetId: created.id,
      before: {},
      after: { status: created.status },
    });
    return created;
  };
  return tx ? insert(tx) : (await getDb()).transaction(insert);
}

async function findDeveloperByYaptureUserId(yaptureUserId: string, tx?: Executor): Promise<Developer | undefined> {
  const db = tx ?? (await getDb());
  const [developer] = await db.select().from(developers).where(eq(developers.yaptureUserId, yaptureUserId));
  return developer;
}

/** A verified developer, for their public page; anyone else is "not found". */
export async function getPublicDeveloper(developerId: string): Promise<Developer> {
  const db = await getDb();
  const [developer] = await db
    .select()
    .from(developers)
    .where(and(eq(developers.id, developerId), eq(developers.status, "VERIFIED")));
  if (!developer) throw new ApiError("not_found", "developer not found");
  return developer;
}

/**
 * The profile's email follows the Yapture account: when a token or sign-in shows a new verified
 * email, it replaces the stored one. If another profile already holds that address, the old one
 * stays (and the clash is logged) rather than failing the caller's request.
 */
export async function followAccountEmail(developer: Developer, identity: AccountClaims): Promise<Developer> {
  if (!identity.emailVerified || developer.email === identity.email) return developer;
  const db = await getDb();
  try {
    const [updated] = await db
      .update(developers)
      .set({ email: identity.email, updatedAt: new Date() })
      .where(and(eq(developers.id, developer.id), ne(developers.email, identity.email)))
      .returning();
    return updated ?? developer;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    log.warn("a developer's new Yapture email belongs to another profile", { developerId: developer.id });
    return developer;
  }
}

/** At sign-in: the signed-in account's developer profile, if it has one, follows the account's email. */
export async function followAccountEmailAtSignIn(identity: AccountClaims): Promise<void> {
  const developer = await findDeveloperByYaptureUserId(identity.sub);
  if (developer) await followAccountEmail(developer, identity);
}

/** The profile as its owner sees it: the public (verified) values, and the change waiting for review or last rejected. */
export type OwnProfile = { developer: Developer; profileChange: DeveloperProfileChange | null };

export const ownProfile = async (developer: Developer): Promise<OwnProfile> => ({
  developer,
  profileChange: await currentProfileChange(developer.id),
});

/** Not verified yet: the profile is edited in place, and the administrator verifies what is there. */
const EDITED_IN_PLACE: readonly DeveloperStatus[] = ["PENDING_VERIFICATION", "REJECTED"];

/** An API key may repeat the public profile (a read-modify-write of other fields), never change it. */
function assertNoPublicChange(developer: Developer, sent: Parameters<typeof withSentFields>[1]): void {
  const live = publicProfileOf(developer);
  const changed = publicProfileChanges(live, withSentFields(live, sent));
  if (changed.length > 0) throw apiKeyRefusal(changed.map(({ field }) => field));
}

/**
 * Partial profile update; only the fields present change, and never the email. A developer who is
 * not verified yet edits in place; a verified one's public profile changes through review
 * (./profile-changes.ts), and the marketplace shows the verified values until it is approved.
 */
export async function updateDeveloperProfile({
  developer,
  caller,
  access,
  input,
}: {
  developer: Developer;
  caller: Caller;
  access: Access;
  input: UpdateDeveloperInput;
}): Promise<OwnProfile> {
  const { email, ...fields } = input;
  assertAccountEmail(email, developer.email);
  if (caller.kind === "api_key") {
    assertNoPublicChange(developer, fields);
    return ownProfile(developer);
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The status is read under the row lock that verification takes too: an edit racing the
    // administrator's verification is either verified with the rest or goes through review.
    const current = await lockDeveloper(tx, developer.id);
    if (!EDITED_IN_PLACE.includes(current.status)) {
      await proposeProfileChange(tx, current, access, fields);
      return { developer: current, profileChange: await currentProfileChange(current.id, tx) };
    }
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const [updated] = await tx
      .update(developers)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(developers.id, current.id))
      .returning();
    return { developer: updated!, profileChange: await currentProfileChange(current.id, tx) };
  });
}
