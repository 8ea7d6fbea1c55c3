import { ownProfile, updateDeveloperProfile } from "@/lib/developers/service";
import { PROFILE } from "@/lib/developers/operations";
import { developerView } from "@/lib/developers/views";
import { json, otherMethods } from "@/lib/http";
import { handle, type HandlerContext } from "@/lib/http/handle";

// GET /api/dev/me — the caller's developer profile (its owner may read it in any status).
export const { GET } = handle(PROFILE.get, async ({ developer }) => json(developerView(await ownProfile(developer))));

// PUT /api/dev/me — partial profile update; PATCH is its alias. A verified developer's public profile
// changes through review; an API key may not change it at all. A rejected owner may still correct the
// profile, then ask for another review.
const update = async ({ caller, developer, access, body: input }: HandlerContext<typeof PROFILE.update>) =>
  json(developerView(await updateDeveloperProfile({ developer, caller, access, input })));
export const { PUT } = handle(PROFILE.update, update);
export const { PATCH } = handle(PROFILE.patch, update);

export const { POST, DELETE } = otherMethods(["GET", "PUT", "PATCH"]);
