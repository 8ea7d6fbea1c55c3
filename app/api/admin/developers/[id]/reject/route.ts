import { rejectDeveloper } from "@/lib/developers/verification";
import { adminDeveloperView } from "@/lib/developers/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { reasonBody } from "@/lib/validation/admin";

// POST /api/admin/developers/:id/reject — { reason }
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { reason } = await readBody(request, reasonBody);
  return json(adminDeveloperView(await rejectDeveloper({ actor: admin, developerId: params.id, reason })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
