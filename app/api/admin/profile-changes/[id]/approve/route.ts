import { approveProfileChange } from "@/lib/developers/profile-change-approval";
import { adminProfileChangeView } from "@/lib/developers/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { PROFILE_CHANGE_APPROVALS } from "@/lib/developers/operations";

// POST /api/admin/profile-changes/:id/approve — the change becomes the developer's public profile at once; email.
export const { POST } = handle(PROFILE_CHANGE_APPROVALS.approve, async ({ admin, params }) =>
  json(adminProfileChangeView(await approveProfileChange({ actor: admin, changeId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
