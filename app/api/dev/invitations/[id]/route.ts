import { noContent, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { revokeInvitation } from "@/lib/members/invitations";
import { TEAM } from "@/lib/members/operations";

// DELETE /api/dev/invitations/:id — revoke an open invitation.
export const { DELETE } = handle(TEAM.revokeInvitation, async ({ access, member, params }) => {
  await revokeInvitation({ access, member, invitationId: params.id });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods(["DELETE"]);
