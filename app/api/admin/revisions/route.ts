import { listRevisionsForAdmin } from "@/lib/apps/revision-approval";
import { adminRevisionView } from "@/lib/apps/views";
import { json, otherMethods, paged } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { UPDATE_APPROVALS } from "@/lib/apps/operations";

// GET /api/admin/revisions?status= — updates of live apps; PENDING (oldest first) by default.
export const { GET } = handle(UPDATE_APPROVALS.list, async ({ query: { status, q, ...paging } }) =>
  json(paged(await listRevisionsForAdmin({ status, paging, search: q }), adminRevisionView)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
