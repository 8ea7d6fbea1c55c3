import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";

import { getDb, type Executor, type Transaction } from "@/db/client";
import { isUniqueViolation } from "@/db/constraint-errors";
import { apps, developers, publisherMembers, type Developer, type PublisherMember } from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import { MEMBER_ROLE_LABELS } from "@/lib/core/enums";
import { ApiError, notFound } from "@/lib/core/errors";

import { auditActorOf, type Access } from "./access";
import type { ChangeMemberInput } from "./schemas";
import { emitMemberEvent } from "./events";

// A developer account's members: who they are, their roles and app limits, and their leaving.
// Every change locks the account's row first, so concurrent changes of one team run one after
// another and see each other's results: two owners demoting each other at once leave exactly one.

/** Who changes the team: the member acting and what they reach. */
export type TeamActor = { access: Access; member: PublisherMember };

/** Locks the account's row: every change of its team (and its keys) is serialized behind it. */
export async function lockTeam(tx: Executor, developerId: string): Promise<Developer> {
  const [developer] = await tx.select().from(developers).where(eq(developers.id, developerId)).for("update");
  if (!developer) throw notFound("developer account");
  return developer;
}

export async function listMembers(developerId: string): Promise<PublisherMember[]> {
  const db = await getDb();
  return db
    .select()
    .from(publisherMembers)
    .where(eq(publisherMembers.developerId, developerId))
    .orderBy(asc(publisherMembers.createdAt), asc(publisherMembers.id));
}

/** The account's apps among `appIds`, refused by name when one is not the account's. */
export async function assertOwnApps(tx: Executor, developerId: string, appIds: string[] | null | undefined): Promise<void> {
  if (!appIds) return;
  const found = await tx
    .select({ id: apps.id })
    .from(apps)
    .where(and(inArray(apps.id, appIds), eq(apps.developerId, developerId)));
  const known = new Set(found.map(({ id }) => id));
  const errors = appIds.flatMap((id, index) =>
    known.has(id) ? [] : [{ path: `appIds[${index}]`, code: "unknown_app", message: "is not an app of this developer account" }],
  );
  if (errors.length > 0) throw new ApiError("validation_failed", `${errors[0]!.path}: ${errors[0]!.message}`, { errors });
}

/**
 * A member limited to some apps grants no more than they reach: whoever they invite or change ends
 * up limited to those apps too (an app-limited admin cannot lift their own limit either), and a
 * member who reaches further than they do is not theirs to change.
 */
export function assertWithinActorApps(actor: PublisherMember, granted: string[] | null, target?: PublisherMember): void {
  if (actor.appIds === null) return;
  const reach = new Set(actor.appIds);
  const beyond = (appIds: string[] | null) => appIds === null || appIds.some((id) => !reach.has(id));
  if (target && target.id !== actor.id && beyond(target.appIds)) {
    throw new ApiError("forbidden", "this member reaches apps you do not: only a member with every app may change them");
  }
  if (beyond(granted)) throw new ApiError("forbidden", "you may grant only apps you reach yourself: name appIds within your own apps");
}

async function memberOfTeam(tx: Executor, developerId: string, memberId: string): Promise<PublisherMember> {
  const [member] = await tx
    .select()
    .from(publisherMembers)
    .where(and(eq(publisherMembers.id, memberId), eq(publisherMembers.developerId, developerId)));
  if (!member) throw notFound("member");
  return member;
}

/**
 * The acting member as the team stands now, under its lock: a role changed (or a membership ended)
 * a moment ago counts, not the one read when the request was authenticated.
 */
export async function currentActor(tx: Executor, member: PublisherMember): Promise<PublisherMember> {
  const [current] = await tx.select().from(publisherMembers).where(eq(publisherMembers.id, member.id));
  if (!current) throw new ApiError("not_found", "you are no longer a member of this developer account");
  return current;
}

async function otherOwners(tx: Executor, developerId: string, memberId: string): Promise<PublisherMember[]> {
  return tx
    .select()
    .from(publisherMembers)
    .where(and(eq(publisherMembers.developerId, developerId), eq(publisherMembers.role, "OWNER"), ne(publisherMembers.id, memberId)))
    .orderBy(asc(publisherMembers.createdAt), asc(publisherMembers.id));
}

/** An admin manages the team but never an owner: ownership is the owners' own. */
function assertMayManage(actor: PublisherMember, target: PublisherMember): void {
  if (target.role === "OWNER" && actor.role !== "OWNER" && actor.id !== target.id) {
    throw new ApiError("forbidden", "only an owner may change or remove an owner");
  }
}

const auditMember = (tx: Executor, access: Access, action: string, target: PublisherMember, after: Record<string, unknown>) =>
  recordAudit(tx, {
    actor: auditActorOf(access),
    developerId: access.developerId,
    action: `member.${action}`,
    targetType: "member",
    targetId: target.id,
    before: { name: target.name, role: target.role, appIds: target.appIds },
    after,
  });

/** Changes a member's role (never to OWNER: that is offered by invitation) or app limit. The last owner cannot step down. */
export async function changeMember({
  access,
  member,
  memberId,
  input,
}: TeamActor & { memberId: string; input: ChangeMemberInput }): Promise<PublisherMember> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockTeam(tx, access.developerId);
    const actor = await currentActor(tx, member);
    if (actor.role !== "OWNER" && actor.role !== "ADMIN") {
      throw new ApiError("forbidden", `your role (${MEMBER_ROLE_LABELS[actor.role]}) cannot change members`);
    }
    const target = await memberOfTeam(tx, access.developerId, memberId);
    assertMayManage(actor, target);
    await assertOwnApps(tx, access.developerId, input.appIds);
    assertWithinActorApps(actor, input.appIds === undefined ? target.appIds : input.appIds, target);
    const role = input.role ?? target.role;
    if (target.role === "OWNER" && role !== "OWNER") await assertOwnerRemains(tx, target, "step down");
    const [changed] = await tx
      .update(publisherMembers)
      .set({ role, appIds: input.appIds === undefined ? target.appIds : input.appIds, updatedAt: new Date() })
      .where(eq(publisherMembers.id, target.id))
      .returning();
    await auditMember(tx, access, "change", target, { role: changed!.role, appIds: changed!.appIds });
    await emitMemberEvent(tx, "member.changed", changed!);
    return changed!;
  });
}

/**
 * An owner leaving their role, or the team, needs another owner to remain. The account's contact
 * owner hands the contact to the longest-standing other owner (unless that person is already the
 * contact of another account: then another owner must be made contact first).
 */
async function assertOwnerRemains(tx: Transaction, target: PublisherMember, doing: string): Promise<void> {
  const owners = await otherOwners(tx, target.developerId, target.id);
  if (owners.length === 0) throw new ApiError("invalid_state", `the last owner cannot ${doing}: make another member an owner first`);
  const [account] = await tx.select({ contact: developers.yaptureUserId }).from(developers).where(eq(developers.id, target.developerId));
  if (account?.contact !== target.yaptureUserId) return;
  for (const owner of owners) {
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint
          .update(developers)
          .set({ yaptureUserId: owner.yaptureUserId, email: owner.email, updatedAt: new Date() })
          .where(eq(developers.id, target.developerId));
      });
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new ApiError(
    "invalid_state",
    `the account's contact cannot ${doing}: every other owner is already the contact of another developer account`,
  );
}

/**
 * Removes a member (an owner or admin removing someone, or anyone leaving). Their keys stay the
 * account's and keep working; their sessions no longer reach the account from the next request.
 */
export async function removeMember({ access, member, memberId }: TeamActor & { memberId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockTeam(tx, access.developerId);
    const actor = await currentActor(tx, member);
    const target = await memberOfTeam(tx, access.developerId, memberId);
    const leaving = target.id === actor.id;
    if (!leaving) {
      if (actor.role !== "OWNER" && actor.role !== "ADMIN") {
        throw new ApiError("forbidden", `your role (${MEMBER_ROLE_LABELS[actor.role]}) cannot remove members`);
      }
      assertMayManage(actor, target);
      assertWithinActorApps(actor, actor.appIds, target);
    }
    if (target.role === "OWNER") await assertOwnerRemains(tx, target, leaving ? "leave" : "be removed");
    await tx.delete(publisherMembers).where(eq(publisherMembers.id, target.id));
    await auditMember(tx, access, leaving ? "leave" : "remove", target, {});
    await emitMemberEvent(tx, "member.removed", target);
  });
}

/** A member's display name and email follow their Yapture account when it calls (one conditional write, none when unchanged). */
export async function followMemberAccount(member: PublisherMember, identity: { email: string; name: string; emailVerified: boolean }) {
  if (!identity.emailVerified || (member.email === identity.email && member.name === identity.name)) return member;
  const db = await getDb();
  const [updated] = await db
    .update(publisherMembers)
    .set({ email: identity.email, name: identity.name })
    .where(
      and(
        eq(publisherMembers.id, member.id),
        sql`(${publisherMembers.email}, ${publisherMembers.name}) is distinct from (${identity.email}, ${identity.name})`,
      ),
    )
    .returning();
  return updated ?? member;
}
