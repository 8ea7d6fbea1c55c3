import { listProfileChangesForAdmin } from "@/lib/developers/profile-change-approval";
import { adminProfileChangeView } from "@/lib/developers/views";
import { json, otherMethods, paged } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { PROFILE_CHANGE_APPROVALS } from "@/lib/developers/operations";

// GET /api/admin/profile-changes?status= — verified developers' profile changes; PENDING (oldest first) by default.
export const { GET } = handle(PROFILE_CHANGE_APPROVALS.list, async ({ query: { status, q, ...paging } }) =>
  json(paged(await listProfileChangesForAdmin({ status, paging, search: q }), adminProfileChangeView)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
