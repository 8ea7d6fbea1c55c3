import { withCaller } from "@/lib/auth/with-developer";
import { registerDeveloper } from "@/lib/developers/service";
import { developerView } from "@/lib/developers/views";
import { ApiError, json, otherMethods, readBody } from "@/lib/http";
import { registerDeveloperBody } from "@/lib/validation/developers";

// POST /api/dev/register — create the caller's developer profile (PENDING_VERIFICATION).
export const POST = withCaller(async ({ caller, request }) => {
  if (caller.kind !== "yapture") {
    throw new ApiError("forbidden", "register with a Yapture access token or the portal sign-in, not an API key");
  }
  const input = await readBody(request, registerDeveloperBody);
  const developer = await registerDeveloper({ identity: caller.identity, input });
  return json(developerView(developer), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
