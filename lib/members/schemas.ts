import { z } from "zod";

import { DEVELOPER_STATUSES, MEMBER_ROLES } from "@/lib/core/enums";
import { pagingQuery } from "@/lib/core/paging";
import { emailAddress, oneOf } from "@/lib/validation/common";
import { id, nullableTimestamp, timestamp } from "@/lib/validation/shared";

// The bodies and answers of a developer account's team: its members, invitations and the
// accounts a person belongs to.

/** A team's bounds: the schemas below are built from them, and the team page reads them. */
export const TEAM_LIMITS = { members: 50, apps: 100, invitationDays: 7, token: 200 } as const;

const role = z.enum(MEMBER_ROLES, oneOf(MEMBER_ROLES));

const appIds = z
  .array(z.uuid({ error: "must be an app's id" }))
  .min(1, { error: "name at least one app, or send null for every app" })
  .max(TEAM_LIMITS.apps, { error: `at most ${TEAM_LIMITS.apps} apps` })
  .refine((ids) => new Set(ids).size === ids.length, { error: "apps must not repeat" });

/** POST /api/dev/members */
export const inviteMemberBody = z.strictObject({
  email: emailAddress.meta({ description: "The Yapture account's verified email that may accept." }),
  role: role.meta({
    description: "OWNER (only an owner may offer it; to a member, it is the handover of ownership), ADMIN, DEVELOPER, ANALYST or SUPPORT.",
  }),
  appIds: appIds.optional().meta({ description: "Limit the member to these apps of the account; left out: every app." }),
});
export type InviteMemberInput = z.infer<typeof inviteMemberBody>;

/** PATCH /api/dev/members/:id — any of role and app limit. */
export const changeMemberBody = z
  .strictObject({
    role: role.exclude(["OWNER"], { error: "ownership is offered by invitation, and the member accepts it" }).optional(),
    appIds: appIds.nullable().optional().meta({ description: "The apps the member is limited to; null: every app." }),
  })
  .refine((body) => body.role !== undefined || body.appIds !== undefined, { error: "send role, appIds or both" });
export type ChangeMemberInput = z.infer<typeof changeMemberBody>;

/** POST /api/dev/invitations/:id/accept */
export const acceptInvitationBody = z.strictObject({
  token: z
    .string()
    .min(1, { error: "must not be empty" })
    .max(TEAM_LIMITS.token)
    .meta({ description: "The secret the invitation's email carries." }),
});

/** GET /api/dev/audit */
export const publisherAuditQuery = z.object({ ...pagingQuery({ defaultLimit: 50 }) });

export const memberSchema = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    role,
    appIds: z.array(id).nullable().meta({ description: "The apps the member is limited to; null: every app." }),
    contact: z.boolean().meta({ description: "The account's contact owner: decisions about the account are emailed to them." }),
    joinedAt: timestamp,
  })
  .strict()
  .meta({ id: "Member" });

export const invitationSchema = z
  .object({
    id,
    email: z.string(),
    role,
    appIds: z.array(id).nullable(),
    status: z.enum(["PENDING", "EXPIRED", "ACCEPTED", "REVOKED"]),
    invitedBy: z.string().nullable().meta({ description: "The member who invited, while they are one." }),
    createdAt: timestamp,
    expiresAt: timestamp,
    acceptedAt: nullableTimestamp,
    revokedAt: nullableTimestamp,
  })
  .strict()
  .meta({ id: "Invitation" });

/** A developer account a person belongs to, with their role in it. */
export const publisherSchema = z
  .object({
    id: id.meta({ description: "Send it as `X-Publisher-Id` to act for this account." }),
    name: z.string(),
    companyName: z.string().nullable(),
    status: z.enum(DEVELOPER_STATUSES),
    role,
  })
  .strict()
  .meta({ id: "Publisher" });

export type MemberResource = z.infer<typeof memberSchema>;
export type InvitationResource = z.infer<typeof invitationSchema>;
export type PublisherResource = z.infer<typeof publisherSchema>;
