import { auditEventSchema } from "@/lib/audit/schemas";
import { bodyErrors, devAuthErrors, operationOf, scoped } from "@/lib/validation/operation";
import { listOf, pagedListOf } from "@/lib/validation/shared";

import { ROLES_THAT } from "./roles";
import {
  acceptInvitationBody,
  changeMemberBody,
  invitationSchema,
  inviteMemberBody,
  memberSchema,
  publisherAuditQuery,
  publisherSchema,
  TEAM_LIMITS,
} from "./schemas";

// The HTTP operations of a developer account's team: its members and invitations, the accounts a
// person belongs to, and the account's audit log. What each field means: lib/validation/operation.ts.

const teamOperation = operationOf("Team", "developer");
const personOperation = operationOf("Team", "yapture");

export const TEAM = {
  members: teamOperation({
    method: "get",
    path: "/api/dev/members",
    operationId: "listMembers",
    scope: null,
    summary: "The account's members, first to join first",
    success: { 200: { description: "Members", schema: listOf(memberSchema) } },
    errors: scoped,
  }),
  invite: teamOperation({
    method: "post",
    path: "/api/dev/members",
    operationId: "inviteMember",
    scope: null,
    roles: ROLES_THAT.manageMembers,
    personOnly: true,
    summary: "Invite a person by email (they accept within 7 days)",
    description:
      "The invitation is emailed; the person accepts it signed in with the Yapture account of that verified email. " +
      `At most ${TEAM_LIMITS.members} members, open invitations included (409 \`conflict\`). A member's address is 409 too, ` +
      "except as OWNER from an owner: that offers them ownership, effective when they accept. An admin cannot offer OWNER (403).",
    body: inviteMemberBody,
    success: { 201: { description: "The invitation", schema: invitationSchema } },
    errors: [...scoped, "forbidden", "conflict", ...bodyErrors],
  }),
  change: teamOperation({
    method: "patch",
    path: "/api/dev/members/{id}",
    operationId: "changeMember",
    scope: null,
    roles: ROLES_THAT.manageMembers,
    personOnly: true,
    summary: "Change a member's role or app limit",
    description:
      "An admin cannot change an owner (403). The last owner cannot step down (409 `invalid_state`). OWNER is offered by invitation, not set here.",
    body: changeMemberBody,
    success: { 200: { description: "The member", schema: memberSchema } },
    errors: [...scoped, "forbidden", "not_found", "invalid_state", ...bodyErrors],
  }),
  remove: teamOperation({
    method: "delete",
    path: "/api/dev/members/{id}",
    operationId: "removeMember",
    scope: null,
    personOnly: true,
    summary: "Remove a member, or leave (your own id)",
    description:
      "Owners and admins remove members (an admin never an owner); anyone may leave. The last owner cannot leave (409 " +
      "`invalid_state`). The member's keys stay the account's and keep working; their sessions stop reaching the account at once.",
    success: { 204: { description: "Removed" } },
    errors: [...scoped, "forbidden", "not_found", "invalid_state"],
  }),
  invitations: teamOperation({
    method: "get",
    path: "/api/dev/invitations",
    operationId: "listInvitations",
    scope: null,
    roles: ROLES_THAT.manageMembers,
    summary: "The account's invitations, newest first: pending, expired, accepted, revoked",
    success: { 200: { description: "Invitations", schema: listOf(invitationSchema) } },
    errors: [...scoped, "forbidden"],
  }),
  revokeInvitation: teamOperation({
    method: "delete",
    path: "/api/dev/invitations/{id}",
    operationId: "revokeInvitation",
    scope: null,
    roles: ROLES_THAT.manageMembers,
    personOnly: true,
    summary: "Revoke an open invitation",
    success: { 204: { description: "Revoked" } },
    errors: [...scoped, "forbidden", "not_found", "invalid_state"],
  }),
  accept: personOperation({
    method: "post",
    path: "/api/dev/invitations/{id}/accept",
    operationId: "acceptInvitation",
    summary: "Accept an invitation, signed in with the invited email",
    description:
      "The token is the secret the invitation's email carries; a wrong one is 404. Another account's email is 403 `forbidden`, " +
      "an unverified one 403 `email_unverified`; an expired, revoked or accepted invitation 409 `invalid_state`; a member already 409 `conflict`.",
    body: acceptInvitationBody,
    success: { 200: { description: "The account joined, with the role", schema: publisherSchema } },
    errors: [
      "unauthenticated",
      "forbidden",
      "email_unverified",
      "not_found",
      "invalid_state",
      "conflict",
      "rate_limited",
      "service_unavailable",
      ...bodyErrors,
    ],
  }),
  publishers: personOperation({
    method: "get",
    path: "/api/dev/publishers",
    operationId: "listPublishers",
    summary: "The developer accounts you belong to, with your role in each",
    description:
      "Send one's id as `X-Publisher-Id` to act for it with your Yapture token; without it you act for the account you registered, else the first you joined.",
    success: { 200: { description: "Accounts", schema: listOf(publisherSchema) } },
    errors: ["unauthenticated", "forbidden", "rate_limited", "service_unavailable"],
  }),
  audit: teamOperation({
    method: "get",
    path: "/api/dev/audit",
    operationId: "listPublisherAudit",
    scope: null,
    roles: ROLES_THAT.own,
    personOnly: true,
    summary: "The account's audit log, newest first (owners)",
    description: "Who did what to the account, its listings, keys and team: members, API keys and administrators' decisions.",
    query: publisherAuditQuery,
    success: { 200: { description: "One page", schema: pagedListOf(auditEventSchema) } },
    errors: [...devAuthErrors, "forbidden", "validation_failed"],
  }),
};
