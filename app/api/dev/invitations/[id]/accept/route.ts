import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { acceptInvitation } from "@/lib/members/invitations";
import { membershipOf } from "@/lib/members/membership";
import { TEAM } from "@/lib/members/operations";
import { publisherView } from "@/lib/members/views";

// POST /api/dev/invitations/:id/accept — { token }: join the account, signed in with the invited email.
export const { POST } = handle(TEAM.accept, async ({ identity, params, body: { token } }) => {
  const { developerId } = await acceptInvitation({ invitationId: params.id, token, identity });
  return json(publisherView((await membershipOf(identity.sub, developerId))!));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
