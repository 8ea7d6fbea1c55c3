import { rejectDeveloper } from "@/lib/developers/verification";
import { adminDeveloperView } from "@/lib/developers/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { DEVELOPER_VERIFICATIONS } from "@/lib/developers/operations";

// POST /api/admin/developers/:id/reject — { reason }
export const { POST } = handle(DEVELOPER_VERIFICATIONS.reject, async ({ admin, params, body: { reason } }) =>
  json(adminDeveloperView(await rejectDeveloper({ actor: admin, developerId: params.id, reason }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
