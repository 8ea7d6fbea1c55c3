import { noContent, json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { TEAM } from "@/lib/members/operations";
import { changeMember, removeMember } from "@/lib/members/team";
import { memberView } from "@/lib/members/views";

// PATCH /api/dev/members/:id — { role?, appIds? }: change a member's role or app limit.
export const { PATCH } = handle(TEAM.change, async ({ access, developer, member, params, body: input }) =>
  json(memberView(await changeMember({ access, member, memberId: params.id, input }), developer)),
);

// DELETE /api/dev/members/:id — remove a member, or leave with your own id.
export const { DELETE } = handle(TEAM.remove, async ({ access, member, params }) => {
  await removeMember({ access, member, memberId: params.id });
  return noContent();
});

export const { GET, POST, PUT } = otherMethods(["PATCH", "DELETE"]);
