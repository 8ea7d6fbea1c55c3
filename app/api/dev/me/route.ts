import { withDeveloper } from "@/lib/auth/with-developer";
import { updateDeveloperProfile } from "@/lib/developers/service";
import { developerView } from "@/lib/developers/views";
import { json, otherMethods, readBody } from "@/lib/http";
import { DEVELOPER_READ_ONLY_FIELDS, updateDeveloperBody } from "@/lib/validation/developers";

// GET /api/dev/me — the caller's developer profile (its owner may read it in any status).
export const GET = withDeveloper(
  { scope: null, allowUnverified: true, allowInactiveOwner: ["SUSPENDED", "REJECTED"] },
  async ({ developer }) => json(developerView(developer)),
);

// PUT /api/dev/me — partial profile update.
// A rejected owner may still correct the profile, then ask for another review.
export const PUT = withDeveloper(
  { scope: null, allowUnverified: true, allowInactiveOwner: ["REJECTED"] },
  async ({ developer, request }) => {
    const input = await readBody(request, updateDeveloperBody, { readOnlyFields: DEVELOPER_READ_ONLY_FIELDS });
    return json(developerView(await updateDeveloperProfile({ developer, input })));
  },
);

// PATCH /api/dev/me — alias of PUT.
export const PATCH = PUT;

export const { POST, DELETE } = otherMethods(["GET", "PUT", "PATCH"]);
