import { withDeveloper } from "@/lib/http/with-developer";
import { ownProfile, updateDeveloperProfile } from "@/lib/developers/service";
import { developerView } from "@/lib/developers/views";
import { json, otherMethods, readBody } from "@/lib/http";
import { DEVELOPER_READ_ONLY_FIELDS, updateDeveloperBody } from "@/lib/validation/developers";

// GET /api/dev/me — the caller's developer profile (its owner may read it in any status).
export const GET = withDeveloper(
  { scope: null, allowUnverified: true, allowInactiveOwner: ["SUSPENDED", "REJECTED"] },
  async ({ developer }) => json(developerView(await ownProfile(developer))),
);

// PUT /api/dev/me — partial profile update. A verified developer's public profile changes through
// review; an API key may not change it at all. A rejected owner may still correct the profile, then
// ask for another review.
export const PUT = withDeveloper(
  { scope: null, allowUnverified: true, allowInactiveOwner: ["REJECTED"] },
  async ({ caller, developer, request }) => {
    const input = await readBody(request, updateDeveloperBody, { readOnlyFields: DEVELOPER_READ_ONLY_FIELDS });
    return json(developerView(await updateDeveloperProfile({ developer, caller, input })));
  },
);

// PATCH /api/dev/me — alias of PUT.
export const PATCH = PUT;

export const { POST, DELETE } = otherMethods(["GET", "PUT", "PATCH"]);
