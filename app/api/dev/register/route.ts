import { withYaptureUser } from "@/lib/auth/with-yapture-user";
import { registerDeveloper } from "@/lib/developers/service";
import { developerView } from "@/lib/developers/views";
import { json, otherMethods, readBody } from "@/lib/http";
import { registerDeveloperBody } from "@/lib/validation/developers";

// POST /api/dev/register — create the caller's developer profile (PENDING_VERIFICATION).
export const POST = withYaptureUser(async ({ identity, request, clientAddress, limit }) => {
  await limit("register", clientAddress);
  const input = await readBody(request, registerDeveloperBody);
  return json(developerView(await registerDeveloper({ identity, input })), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
