import { listAppsForAdmin } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { adminAppsQuery } from "@/lib/validation/admin";

// GET /api/admin/apps?status= — listings with their developer; PENDING (oldest first) by default.
export const GET = withAdmin(async ({ request }) => {
  const { status, ...paging } = parseQuery(request, adminAppsQuery);
  return json(paged(await listAppsForAdmin({ status, paging }), adminAppView));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
