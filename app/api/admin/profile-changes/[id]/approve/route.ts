import { withAdmin } from "@/lib/http/with-admin";
import { approveProfileChange } from "@/lib/developers/profile-change-approval";
import { adminProfileChangeView } from "@/lib/developers/views";
import { json, otherMethods } from "@/lib/http";

// POST /api/admin/profile-changes/:id/approve — the change becomes the developer's public profile at once; email.
export const POST = withAdmin<{ id: string }>(async ({ admin, params }) =>
  json(adminProfileChangeView(await approveProfileChange({ actor: admin, changeId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
