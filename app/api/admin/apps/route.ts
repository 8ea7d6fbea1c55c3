import { listAppsForAdmin } from "@/lib/admin/app-review";
import { withAdmin } from "@/lib/auth/with-admin";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { adminAppsQuery } from "@/lib/validation/admin";

// GET /api/admin/apps?status= — listings with their developer; PENDING (oldest first) by default.
export const GET = withAdmin(async ({ request }) => {
  const { status, ...paging } = parseQuery(request, adminAppsQuery);
  const { items, total } = await listAppsForAdmin({ status, paging });
  return json(paged(items, paging, total), { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
