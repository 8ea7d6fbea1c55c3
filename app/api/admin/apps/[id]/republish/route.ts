import { republishApp } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_APPROVALS } from "@/lib/apps/operations";

// POST /api/admin/apps/:id/republish — UNPUBLISHED → APPROVED.
export const { POST } = handle(APP_APPROVALS.republish, async ({ admin, params }) =>
  json(adminAppView(await republishApp({ actor: admin, appId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
