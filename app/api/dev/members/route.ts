import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { inviteMember } from "@/lib/members/invitations";
import { TEAM } from "@/lib/members/operations";
import { listMembers } from "@/lib/members/team";
import { invitationView, memberView } from "@/lib/members/views";

// GET /api/dev/members — the account's members.
export const { GET } = handle(TEAM.members, async ({ developer }) =>
  json({ data: (await listMembers(developer.id)).map((member) => memberView(member, developer)) }),
);

// POST /api/dev/members — { email, role, appIds? }: invite a person; they are emailed and accept within 7 days.
export const { POST } = handle(TEAM.invite, async ({ access, member, body: input }) =>
  json(invitationView(await inviteMember({ access, member, input })), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);
