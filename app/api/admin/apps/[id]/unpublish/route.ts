import { unpublishApp } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_APPROVALS } from "@/lib/apps/operations";

// POST /api/admin/apps/:id/unpublish — { reason }: APPROVED → UNPUBLISHED, gone from the public API.
export const { POST } = handle(APP_APPROVALS.unpublish, async ({ admin, params, body: { reason } }) =>
  json(adminAppView(await unpublishApp({ actor: admin, appId: params.id, reason }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
