import { reinstateDeveloper } from "@/lib/developers/verification";
import { adminDeveloperView } from "@/lib/developers/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods } from "@/lib/http";

// POST /api/admin/developers/:id/reinstate
export const POST = withAdmin<{ id: string }>(async ({ admin, params }) =>
  json(adminDeveloperView(await reinstateDeveloper({ actor: admin, developerId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
