import { approveApp } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_APPROVALS } from "@/lib/apps/operations";

// POST /api/admin/apps/:id/approve — { note?, expectedUpdatedAt? }: PENDING → APPROVED (the version read), public at once, email.
export const { POST } = handle(APP_APPROVALS.approve, async ({ admin, params, body: { note, expectedUpdatedAt } }) =>
  json(adminAppView(await approveApp({ actor: admin, appId: params.id, note, expectedUpdatedAt }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
