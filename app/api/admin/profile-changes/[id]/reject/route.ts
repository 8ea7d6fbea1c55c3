import { withAdmin } from "@/lib/http/with-admin";
import { rejectProfileChange } from "@/lib/developers/profile-change-approval";
import { adminProfileChangeView } from "@/lib/developers/views";
import { json, otherMethods, readBody } from "@/lib/http";
import { reasonBody } from "@/lib/validation/admin";

// POST /api/admin/profile-changes/:id/reject — { reason }: the public profile stays as it was; email with the reason.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { reason } = await readBody(request, reasonBody);
  return json(adminProfileChangeView(await rejectProfileChange({ actor: admin, changeId: params.id, reason })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
