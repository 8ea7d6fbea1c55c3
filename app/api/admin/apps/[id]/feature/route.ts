import { setAppFeatured } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { featureBody } from "@/lib/validation/admin";

// POST /api/admin/apps/:id/feature — { featured }: show or hide an approved app among the featured.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { featured } = await readBody(request, featureBody);
  return json(adminAppView(await setAppFeatured({ actor: admin, appId: params.id, featured })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
