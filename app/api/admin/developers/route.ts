import { listDevelopersForAdmin } from "@/lib/developers/verification";
import { adminDeveloperView } from "@/lib/developers/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { adminDevelopersQuery } from "@/lib/validation/admin";

// GET /api/admin/developers?status= — developers, oldest first, paged.
export const GET = withAdmin(async ({ request }) => {
  const { status, ...paging } = parseQuery(request, adminDevelopersQuery);
  return json(paged(await listDevelopersForAdmin({ status, paging }), adminDeveloperView));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
