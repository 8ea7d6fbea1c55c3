import { approveRevision } from "@/lib/apps/revision-approval";
import { adminRevisionView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { UPDATE_APPROVALS } from "@/lib/apps/operations";

// POST /api/admin/apps/:id/revision/approve — { note?, expectedUpdatedAt? }: the update (the version read) goes live, email.
export const { POST } = handle(UPDATE_APPROVALS.approve, async ({ admin, params, body: { note, expectedUpdatedAt } }) =>
  json(adminRevisionView(await approveRevision({ actor: admin, appId: params.id, note, expectedUpdatedAt }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
