import { registerDeveloper } from "@/lib/developers/service";
import { developerView } from "@/lib/developers/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { PROFILE } from "@/lib/developers/operations";

// POST /api/dev/register — create the caller's developer profile (PENDING_VERIFICATION).
export const { POST } = handle(PROFILE.register, async ({ identity, body: input }) => {
  // A new profile has no change under review: it is verified as it is.
  return json(developerView({ developer: await registerDeveloper({ identity, input }), profileChange: null }), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
