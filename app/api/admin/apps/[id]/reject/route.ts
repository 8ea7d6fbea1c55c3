import { rejectApp } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_APPROVALS } from "@/lib/apps/operations";

// POST /api/admin/apps/:id/reject — { reasons: [{ criterion, message }], message?, expectedUpdatedAt? }: PENDING → REJECTED, email.
export const { POST } = handle(APP_APPROVALS.reject, async ({ admin, params, body: { expectedUpdatedAt, ...input } }) =>
  json(adminAppView(await rejectApp({ actor: admin, appId: params.id, input, expectedUpdatedAt }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
