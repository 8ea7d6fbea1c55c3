import { unpublishApp } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { reasonBody } from "@/lib/validation/admin";

// POST /api/admin/apps/:id/unpublish — { reason }: APPROVED → UNPUBLISHED, gone from the public API.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { reason } = await readBody(request, reasonBody);
  return json(adminAppView(await unpublishApp({ actor: admin, appId: params.id, reason })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
