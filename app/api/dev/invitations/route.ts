import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { listInvitations } from "@/lib/members/invitations";
import { TEAM } from "@/lib/members/operations";
import { invitationView } from "@/lib/members/views";

// GET /api/dev/invitations — the account's invitations, newest first.
export const { GET } = handle(TEAM.invitations, async ({ developer }) => {
  const now = new Date();
  return json({ data: (await listInvitations(developer.id)).map((invitation) => invitationView(invitation, now)) });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
