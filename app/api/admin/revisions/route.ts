import { listRevisionsForAdmin } from "@/lib/apps/revision-approval";
import { adminRevisionView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { adminRevisionsQuery } from "@/lib/validation/admin";

// GET /api/admin/revisions?status= — updates of live apps; PENDING (oldest first) by default.
export const GET = withAdmin(async ({ request }) => {
  const { status, ...paging } = parseQuery(request, adminRevisionsQuery);
  return json(paged(await listRevisionsForAdmin({ status, paging }), adminRevisionView));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
