import { withDeveloper } from "@/lib/http/with-developer";
import { resubmitDeveloper } from "@/lib/developers/verification";
import { ownProfile } from "@/lib/developers/service";
import { developerView } from "@/lib/developers/views";
import { json, otherMethods } from "@/lib/http";

// POST /api/dev/me/resubmit — a rejected developer asks for another review: REJECTED → PENDING_VERIFICATION.
export const POST = withDeveloper({ scope: null, allowUnverified: true, allowInactiveOwner: ["REJECTED"] }, async ({ developer }) =>
  json(developerView(await ownProfile(await resubmitDeveloper(developer)))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
