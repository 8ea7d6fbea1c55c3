import { reinstateDeveloper } from "@/lib/developers/verification";
import { adminDeveloperView } from "@/lib/developers/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { DEVELOPER_VERIFICATIONS } from "@/lib/developers/operations";

// POST /api/admin/developers/:id/reinstate
export const { POST } = handle(DEVELOPER_VERIFICATIONS.reinstate, async ({ admin, params }) =>
  json(adminDeveloperView(await reinstateDeveloper({ actor: admin, developerId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
