import { listDevelopersForAdmin } from "@/lib/developers/verification";
import { adminDeveloperView } from "@/lib/developers/views";
import { json, otherMethods, paged } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { DEVELOPER_VERIFICATIONS } from "@/lib/developers/operations";

// GET /api/admin/developers?status= — developers, oldest first, paged.
export const { GET } = handle(DEVELOPER_VERIFICATIONS.list, async ({ query: { status, q, ...paging } }) =>
  json(paged(await listDevelopersForAdmin({ status, paging, search: q }), adminDeveloperView)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
