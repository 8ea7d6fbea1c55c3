import { AppLimit } from "@/components/portal/app-limit";
import { DataCell, DataTable } from "@/components/ui/data-table";
import { StatusBadge } from "@/components/ui/status-badge";
import { MEMBER_ROLE_LABELS, type MemberRole } from "@/lib/core/enums";
import type { InvitationResource, MemberResource } from "@/lib/members/schemas";

import { MemberAppsForm, MemberRoleForm, RemoveMemberButton } from "./member-controls";
import { RevokeInvitationButton } from "./revoke-invitation-button";

const minute = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

function Badge({ children }: { children: string }) {
  return <span className="ml-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{children}</span>;
}

type Viewer = {
  /** The viewer's own member id: their row says "you" and offers Leave. */
  memberId: string;
  role: MemberRole;
  /** Whether the viewer's role manages the team (owners and admins). */
  manages: boolean;
};

/** What the viewer may do to a member's row: an admin never touches an owner (the API refuses it the same way). */
const mayManage = (viewer: Viewer, member: MemberResource) => viewer.manages && (member.role !== "OWNER" || viewer.role === "OWNER");

/**
 * The account's members, first to join first. Everyone sees who is in the team; owners and admins
 * change roles and app limits and remove members; anyone leaves.
 */
export function MemberList({
  members,
  viewer,
  apps,
  accountName,
}: {
  members: MemberResource[];
  viewer: Viewer;
  apps: readonly { id: string; name: string }[];
  accountName: string;
}) {
  const names = new Map(apps.map(({ id, name }) => [id, name]));
  return (
    <DataTable caption="Members" columns={["Name", "Email", "Role", "Apps", "Joined", { hidden: "Actions" }]}>
      {members.map((member) => {
        const self = member.id === viewer.memberId;
        const manageable = mayManage(viewer, member);
        return (
          <tr key={member.id} className="border-t border-slate-100 align-top" data-testid="member-row">
            <DataCell className="font-medium">
              {member.name}
              {self ? <Badge>you</Badge> : null}
              {member.contact ? <Badge>contact</Badge> : null}
            </DataCell>
            <DataCell label="Email" className="wrap-anywhere text-slate-600">
              {member.email}
            </DataCell>
            <DataCell label="Role">
              {manageable ? <MemberRoleForm key={member.role} member={member} self={self} /> : MEMBER_ROLE_LABELS[member.role]}
            </DataCell>
            <DataCell label="Apps">
              <AppLimit appIds={member.role === "OWNER" ? null : member.appIds} apps={names} />
              {manageable && member.role !== "OWNER" && apps.length > 0 ? (
                <MemberAppsForm key={(member.appIds ?? []).join()} member={member} apps={apps} />
              ) : null}
            </DataCell>
            <DataCell label="Joined" className="whitespace-nowrap text-slate-600">
              {member.joinedAt.slice(0, 10)}
            </DataCell>
            <DataCell>{self || manageable ? <RemoveMemberButton member={member} self={self} accountName={accountName} /> : null}</DataCell>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** The account's invitations, newest first, whatever became of them; open ones can be revoked. */
export function InvitationList({
  invitations,
  apps,
}: {
  invitations: InvitationResource[];
  apps: readonly { id: string; name: string }[];
}) {
  const names = new Map(apps.map(({ id, name }) => [id, name]));
  return (
    <DataTable
      caption="Invitations"
      columns={["Email", "Role", "Apps", "Status", "Invited by", "Sent", "Expires", { hidden: "Actions" }]}
      empty={invitations.length === 0 ? "No invitations yet." : null}
    >
      {invitations.map((invitation) => (
        <tr key={invitation.id} className="border-t border-slate-100 align-top" data-testid="invitation-row">
          <DataCell className="font-medium wrap-anywhere">{invitation.email}</DataCell>
          <DataCell label="Role">{MEMBER_ROLE_LABELS[invitation.role]}</DataCell>
          <DataCell label="Apps">
            <AppLimit appIds={invitation.role === "OWNER" ? null : invitation.appIds} apps={names} />
          </DataCell>
          <DataCell label="Status">
            <StatusBadge status={invitation.status} />
          </DataCell>
          <DataCell label="Invited by" className="text-slate-600">
            {invitation.invitedBy ?? "A former member"}
          </DataCell>
          <DataCell label="Sent" className="whitespace-nowrap text-slate-600">
            {invitation.createdAt.slice(0, 10)}
          </DataCell>
          <DataCell label="Expires" className="whitespace-nowrap text-slate-600">
            {invitation.status === "PENDING" || invitation.status === "EXPIRED" ? minute(invitation.expiresAt) : "—"}
          </DataCell>
          <DataCell>
            {invitation.status === "PENDING" ? <RevokeInvitationButton id={invitation.id} email={invitation.email} /> : null}
          </DataCell>
        </tr>
      ))}
    </DataTable>
  );
}
