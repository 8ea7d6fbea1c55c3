import { createHash, randomBytes } from "node:crypto";

import { and, count, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { isUniqueViolation } from "@/db/constraint-errors";
import { developers, publisherInvitations, publisherMembers, type PublisherInvitation, type PublisherMember } from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import type { YaptureIdentity } from "@/lib/callers/identity";
import { MEMBER_ROLE_LABELS, type MemberRole } from "@/lib/core/enums";
import { ApiError, notFound } from "@/lib/core/errors";
import { enqueueEmail } from "@/lib/email/outbox";

import { auditActorOf } from "./access";
import { emitMemberEvent } from "./events";
import type { InviteMemberInput } from "./schemas";
import { TEAM_LIMITS } from "./schemas";
import { assertOwnApps, assertWithinActorApps, currentActor, lockTeam, type TeamActor } from "./team";

// Invitations to a developer account: sent by email by an owner or admin, accepted once within 7
// days by the Yapture account with that verified email. Inviting an existing member as OWNER is how
// ownership is handed over: it takes effect when they accept.

const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export type InvitationStatus = "PENDING" | "EXPIRED" | "ACCEPTED" | "REVOKED";

export function invitationStatus(invitation: PublisherInvitation, now = new Date()): InvitationStatus {
  if (invitation.acceptedAt) return "ACCEPTED";
  // An invitation closed after it expired (to send another) stays shown as expired.
  if (invitation.revokedAt) return invitation.revokedAt >= invitation.expiresAt ? "EXPIRED" : "REVOKED";
  return invitation.expiresAt <= now ? "EXPIRED" : "PENDING";
}

/** An invitation with the name of the member who sent it, while they are one. */
export type InvitationRow = PublisherInvitation & { invitedBy: string | null };

const auditInvitation = (tx: Parameters<typeof recordAudit>[0], actor: TeamActor, action: string, invitation: PublisherInvitation) =>
  recordAudit(tx, {
    actor: auditActorOf(actor.access),
    developerId: actor.access.developerId,
    action: `invitation.${action}`,
    targetType: "invitation",
    targetId: invitation.id,
    before: {},
    after: { email: invitation.email, role: invitation.role, appIds: invitation.appIds },
  });

/**
 * Invites `email` as `role`, and emails them. Only an owner may offer OWNER; to an existing member
 * that is the handover of ownership (any other role for a member is a change of role, not an
 * invitation: 409). One open invitation per email; members and open invitations together stay
 * within TEAM_LIMITS.members.
 */
export async function inviteMember({ input, ...actor }: TeamActor & { input: InviteMemberInput }): Promise<InvitationRow> {
  const { access } = actor;
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const account = await lockTeam(tx, access.developerId);
    const inviter = await currentActor(tx, actor.member);
    if (inviter.role !== "OWNER" && inviter.role !== "ADMIN") {
      throw new ApiError("forbidden", `your role (${MEMBER_ROLE_LABELS[inviter.role]}) cannot invite members`);
    }
    if (input.role === "OWNER" && inviter.role !== "OWNER") throw new ApiError("forbidden", "only an owner may offer ownership");
    await assertOwnApps(tx, access.developerId, input.appIds);
    assertWithinActorApps(inviter, input.appIds ?? null);
    const [existing] = await tx
      .select({ role: publisherMembers.role })
      .from(publisherMembers)
      .where(and(eq(publisherMembers.developerId, account.id), sql`lower(${publisherMembers.email}) = lower(${input.email})`));
    if (existing && (input.role !== "OWNER" || existing.role === "OWNER")) {
      throw new ApiError("conflict", "this person is already a member: change their role instead");
    }
    // An expired invitation of the same address is closed, so a new one may be sent.
    await tx
      .update(publisherInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(publisherInvitations.developerId, account.id),
          sql`lower(${publisherInvitations.email}) = lower(${input.email})`,
          isNull(publisherInvitations.acceptedAt),
          isNull(publisherInvitations.revokedAt),
          lte(publisherInvitations.expiresAt, now),
        ),
      );
    const [{ members }] = (await tx
      .select({ members: count() })
      .from(publisherMembers)
      .where(eq(publisherMembers.developerId, account.id))) as [{ members: number }];
    const [{ open }] = (await tx
      .select({ open: count() })
      .from(publisherInvitations)
      .where(
        and(
          eq(publisherInvitations.developerId, account.id),
          isNull(publisherInvitations.acceptedAt),
          isNull(publisherInvitations.revokedAt),
        ),
      )) as [{ open: number }];
    if (!existing && Number(members) + Number(open) >= TEAM_LIMITS.members) {
      throw new ApiError("conflict", `a developer account has at most ${TEAM_LIMITS.members} members, invitations included`);
    }
    let invitation: PublisherInvitation;
    try {
      [invitation] = (await tx.transaction((savepoint) =>
        savepoint
          .insert(publisherInvitations)
          .values({
            developerId: account.id,
            email: input.email,
            role: input.role,
            appIds: input.appIds ?? null,
            tokenHash: hashToken(token),
            invitedByMemberId: inviter.id,
            expiresAt: new Date(now.getTime() + TEAM_LIMITS.invitationDays * DAY_MS),
            createdAt: now,
          })
          .returning(),
      )) as [PublisherInvitation];
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError("conflict", "this address already has an open invitation: revoke it to send another");
      throw error;
    }
    await enqueueEmail({
      tx,
      to: input.email,
      type: "MEMBER_INVITED",
      inviteeEmail: input.email,
      inviterName: inviter.name,
      accountName: account.companyName ?? account.name,
      roleLabel: MEMBER_ROLE_LABELS[input.role],
      invitationId: invitation.id,
      token,
      expiresAt: invitation.expiresAt,
    });
    await auditInvitation(tx, actor, "send", invitation);
    return { ...invitation, invitedBy: inviter.name };
  });
}

/** The account's invitations, newest first: open, expired, accepted and revoked (the last 100). */
export async function listInvitations(developerId: string): Promise<InvitationRow[]> {
  const db = await getDb();
  return db
    .select({ invitation: publisherInvitations, invitedBy: publisherMembers.name })
    .from(publisherInvitations)
    .leftJoin(publisherMembers, eq(publisherMembers.id, publisherInvitations.invitedByMemberId))
    .where(eq(publisherInvitations.developerId, developerId))
    .orderBy(desc(publisherInvitations.createdAt), desc(publisherInvitations.id))
    .limit(100)
    .then((rows) => rows.map(({ invitation, invitedBy }) => ({ ...invitation, invitedBy })));
}

/** Revokes an open invitation (an expired one too); accepted or revoked ones are 409. */
export async function revokeInvitation({ invitationId, ...actor }: TeamActor & { invitationId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(publisherInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(publisherInvitations.id, invitationId),
          eq(publisherInvitations.developerId, actor.access.developerId),
          isNull(publisherInvitations.acceptedAt),
          isNull(publisherInvitations.revokedAt),
        ),
      )
      .returning();
    if (invitation) {
      await auditInvitation(tx, actor, "revoke", invitation);
      return;
    }
    const [known] = await tx
      .select({ id: publisherInvitations.id })
      .from(publisherInvitations)
      .where(and(eq(publisherInvitations.id, invitationId), eq(publisherInvitations.developerId, actor.access.developerId)));
    if (!known) throw notFound("invitation");
    throw new ApiError("invalid_state", "this invitation was already accepted or revoked");
  });
}

/** What the invitation page shows before accepting: the account and the role; nothing without the token. */
export async function readInvitation(invitationId: string, token: string) {
  const db = await getDb();
  const [row] = await db
    .select({ invitation: publisherInvitations, account: { name: developers.name, companyName: developers.companyName } })
    .from(publisherInvitations)
    .innerJoin(developers, eq(developers.id, publisherInvitations.developerId))
    .where(and(eq(publisherInvitations.id, invitationId), eq(publisherInvitations.tokenHash, hashToken(token))));
  if (!row) throw notFound("invitation");
  return row;
}

/**
 * Accepts an invitation: the signed-in Yapture account must have the invited email, verified; the
 * invitation must be open (one conditional update, so of two acceptances one wins). The person
 * joins with the invited role and apps, or, already a member and offered OWNER, becomes an owner.
 */
export async function acceptInvitation({
  invitationId,
  token,
  identity,
}: {
  invitationId: string;
  token: string;
  identity: YaptureIdentity;
}): Promise<{ member: PublisherMember; developerId: string }> {
  const { invitation } = await readInvitation(invitationId, token);
  if (!sameEmail(invitation.email, identity.email)) {
    throw new ApiError("forbidden", "this invitation is for another email address: sign in with the Yapture account it was sent to");
  }
  if (!identity.emailVerified) {
    throw new ApiError("email_unverified", "verify your email address at Yapture first; an invitation is accepted by its verified owner");
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockTeam(tx, invitation.developerId);
    const now = new Date();
    const [accepted] = await tx
      .update(publisherInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(publisherInvitations.id, invitation.id),
          isNull(publisherInvitations.acceptedAt),
          isNull(publisherInvitations.revokedAt),
          // Through the column, which serializes the Date: a bare Date parameter breaks postgres.js's prepared statements.
          gt(publisherInvitations.expiresAt, now),
        ),
      )
      .returning();
    if (!accepted) {
      const status = invitationStatus(invitation, now);
      throw new ApiError(
        "invalid_state",
        status === "EXPIRED" ? "this invitation has expired: ask for a new one" : `this invitation was already ${status.toLowerCase()}`,
      );
    }
    const member = await join(tx, accepted, identity, now);
    await emitMemberEvent(tx, member.createdAt.getTime() === now.getTime() ? "member.added" : "member.changed", member);
    await recordAudit(tx, {
      actor: { kind: "member", sub: identity.sub, email: identity.email, name: identity.name },
      developerId: accepted.developerId,
      action: "invitation.accept",
      targetType: "member",
      targetId: member.id,
      before: {},
      after: { role: member.role, appIds: member.appIds },
    });
    return { member, developerId: accepted.developerId };
  });
}

async function join(tx: Parameters<typeof recordAudit>[0], invitation: PublisherInvitation, identity: YaptureIdentity, now: Date) {
  const [existing] = await tx
    .select()
    .from(publisherMembers)
    .where(and(eq(publisherMembers.developerId, invitation.developerId), eq(publisherMembers.yaptureUserId, identity.sub)));
  if (existing) {
    if (invitation.role !== "OWNER" || existing.role === "OWNER")
      throw new ApiError("conflict", "you are already a member of this developer account");
    const [owner] = await tx
      .update(publisherMembers)
      .set({ role: "OWNER" satisfies MemberRole, appIds: null, updatedAt: now })
      .where(eq(publisherMembers.id, existing.id))
      .returning();
    return owner!;
  }
  const [member] = await tx
    .insert(publisherMembers)
    .values({
      developerId: invitation.developerId,
      yaptureUserId: identity.sub,
      email: identity.email,
      name: identity.name,
      role: invitation.role,
      appIds: invitation.role === "OWNER" ? null : invitation.appIds,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return member!;
}
