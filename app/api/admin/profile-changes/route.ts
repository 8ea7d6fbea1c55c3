import { withAdmin } from "@/lib/http/with-admin";
import { listProfileChangesForAdmin } from "@/lib/developers/profile-change-approval";
import { adminProfileChangeView } from "@/lib/developers/views";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { adminProfileChangesQuery } from "@/lib/validation/admin";

// GET /api/admin/profile-changes?status= — verified developers' profile changes; PENDING (oldest first) by default.
export const GET = withAdmin(async ({ request }) => {
  const { status, ...paging } = parseQuery(request, adminProfileChangesQuery);
  return json(paged(await listProfileChangesForAdmin({ status, paging }), adminProfileChangeView));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
