import { setAppFeatured } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_APPROVALS } from "@/lib/apps/operations";

// POST /api/admin/apps/:id/feature — { featured }: show or hide an approved app among the featured.
export const { POST } = handle(APP_APPROVALS.feature, async ({ admin, params, body: { featured } }) =>
  json(adminAppView(await setAppFeatured({ actor: admin, appId: params.id, featured }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
