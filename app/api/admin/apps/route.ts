import { listAppsForAdmin } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { json, otherMethods, paged } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_APPROVALS } from "@/lib/apps/operations";

// GET /api/admin/apps?status= — listings with their developer; PENDING (oldest first) by default.
export const { GET } = handle(APP_APPROVALS.list, async ({ query: { status, q, ...paging } }) =>
  json(paged(await listAppsForAdmin({ status, paging, search: q }), adminAppView)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
