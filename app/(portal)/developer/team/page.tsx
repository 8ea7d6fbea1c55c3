import { InviteMemberForm } from "@/components/portal/team/invite-member-form";
import { InvitationList, MemberList } from "@/components/portal/team/team-tables";
import { isVerified, NotVerifiedNotice, portalPublisher } from "@/components/portal/verified-gate";
import { PageHeading } from "@/components/ui/page-heading";
import { listAppNames } from "@/lib/apps/service";
import { MEMBER_ROLE_LABELS } from "@/lib/core/enums";
import { listInvitations } from "@/lib/members/invitations";
import { canRole } from "@/lib/members/roles";
import { TEAM_LIMITS } from "@/lib/members/schemas";
import { listMembers } from "@/lib/members/team";
import { invitationView, memberView } from "@/lib/members/views";

export const metadata = { title: "Team" };

export default async function TeamPage() {
  const publisher = await portalPublisher("/developer/team");
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="Teams" />;
  const { developer, member } = publisher;
  // Everyone sees the members; owners and admins manage them and see the invitations (as the API).
  const manages = canRole(member.role, "manageMembers");
  const now = new Date();
  const [members, invitations, apps] = await Promise.all([
    listMembers(developer.id),
    manages ? listInvitations(developer.id) : Promise.resolve([]),
    listAppNames(publisher.access),
  ]);
  return (
    <section className="space-y-8">
      <div>
        <PageHeading>Team</PageHeading>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          The people who work in <bdi>{developer.name}</bdi>, each with a role and, if need be, limited to some apps. Your role:{" "}
          {MEMBER_ROLE_LABELS[member.role]}.{manages ? "" : " Owners and admins invite, change and remove members."}
        </p>
      </div>
      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members ({members.length})
        </h2>
        <MemberList
          members={members.map((each) => memberView(each, developer))}
          viewer={{ memberId: member.id, role: member.role, manages }}
          apps={apps}
          accountName={developer.name}
        />
      </section>
      {manages ? (
        <>
          <div className="max-w-xl">
            <InviteMemberForm offerOwnership={canRole(member.role, "own")} apps={apps} />
          </div>
          <section aria-labelledby="invitations-heading" className="space-y-3">
            <h2 id="invitations-heading" className="text-lg font-semibold">
              Invitations
            </h2>
            <p className="max-w-2xl text-sm text-slate-600">
              Each invitation is emailed and works once, for {TEAM_LIMITS.invitationDays} days. At most {TEAM_LIMITS.members} members, open
              invitations included.
            </p>
            <InvitationList invitations={invitations.map((each) => invitationView(each, now))} apps={apps} />
          </section>
        </>
      ) : null}
    </section>
  );
}
