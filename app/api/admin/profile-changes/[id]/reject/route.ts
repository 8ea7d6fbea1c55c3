import { rejectProfileChange } from "@/lib/developers/profile-change-approval";
import { adminProfileChangeView } from "@/lib/developers/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { PROFILE_CHANGE_APPROVALS } from "@/lib/developers/operations";

// POST /api/admin/profile-changes/:id/reject — { reason }: the public profile stays as it was; email with the reason.
export const { POST } = handle(PROFILE_CHANGE_APPROVALS.reject, async ({ admin, params, body: { reason } }) =>
  json(adminProfileChangeView(await rejectProfileChange({ actor: admin, changeId: params.id, reason }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
