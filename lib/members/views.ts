import type { Developer, PublisherMember } from "@/db/schema";

import { invitationStatus, type InvitationRow } from "./invitations";
import type { Membership } from "./membership";
import type { InvitationResource, MemberResource, PublisherResource } from "./schemas";

export function memberView(member: PublisherMember, account: Pick<Developer, "yaptureUserId">): MemberResource {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    appIds: member.appIds,
    contact: member.yaptureUserId === account.yaptureUserId,
    joinedAt: member.createdAt.toISOString(),
  };
}

export function invitationView(invitation: InvitationRow, now = new Date()): InvitationResource {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    appIds: invitation.appIds,
    status: invitationStatus(invitation, now),
    invitedBy: invitation.invitedBy,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    acceptedAt: invitation.acceptedAt?.toISOString() ?? null,
    revokedAt: invitation.revokedAt?.toISOString() ?? null,
  };
}

export function publisherView({ developer, member }: Membership): PublisherResource {
  return { id: developer.id, name: developer.name, companyName: developer.companyName, status: developer.status, role: member.role };
}
