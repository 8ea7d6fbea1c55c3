import { republishApp } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods } from "@/lib/http";

// POST /api/admin/apps/:id/republish — UNPUBLISHED → APPROVED.
export const POST = withAdmin<{ id: string }>(async ({ admin, params }) =>
  json(adminAppView(await republishApp({ actor: admin, appId: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
