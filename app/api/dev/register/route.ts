import { withYaptureUser } from "@/lib/http/with-yapture-user";
import { registerDeveloper } from "@/lib/developers/service";
import { developerView } from "@/lib/developers/views";
import { json, otherMethods, readBody } from "@/lib/http";
import { registerDeveloperBody } from "@/lib/validation/developers";

// POST /api/dev/register — create the caller's developer profile (PENDING_VERIFICATION).
export const POST = withYaptureUser(async ({ identity, request, clientAddress, limit }) => {
  await limit("register", clientAddress);
  const input = await readBody(request, registerDeveloperBody);
  // A new profile has no change under review: it is verified as it is.
  return json(developerView({ developer: await registerDeveloper({ identity, input }), profileChange: null }), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
