import { resubmitDeveloper } from "@/lib/developers/verification";
import { ownProfile } from "@/lib/developers/service";
import { developerView } from "@/lib/developers/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { PROFILE } from "@/lib/developers/operations";

// POST /api/dev/me/resubmit — a rejected developer asks for another review: REJECTED → PENDING_VERIFICATION.
export const { POST } = handle(PROFILE.resubmit, async ({ developer, access }) =>
  json(developerView(await ownProfile(await resubmitDeveloper(developer, access)))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
