import { adminDeveloperView, listDevelopersForAdmin } from "@/lib/admin/developer-review";
import { withAdmin } from "@/lib/auth/with-admin";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { adminDevelopersQuery } from "@/lib/validation/admin";

// GET /api/admin/developers?status= — developers, oldest first, paged.
export const GET = withAdmin(async ({ request }) => {
  const { status, ...paging } = parseQuery(request, adminDevelopersQuery);
  const { rows, total } = await listDevelopersForAdmin({ status, paging });
  return json(paged(rows.map(adminDeveloperView), paging, total), { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
