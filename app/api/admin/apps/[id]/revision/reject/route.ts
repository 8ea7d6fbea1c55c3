import { rejectRevision } from "@/lib/apps/revision-approval";
import { adminRevisionView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { UPDATE_APPROVALS } from "@/lib/apps/operations";

// POST /api/admin/apps/:id/revision/reject — { reasons, message?, expectedUpdatedAt? }: PENDING → REJECTED; the live version stays, email.
export const { POST } = handle(UPDATE_APPROVALS.reject, async ({ admin, params, body: { expectedUpdatedAt, ...input } }) =>
  json(adminRevisionView(await rejectRevision({ actor: admin, appId: params.id, input, expectedUpdatedAt }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
