import { rejectRevision } from "@/lib/apps/revision-approval";
import { adminRevisionView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { rejectAppBody } from "@/lib/validation/admin";

// POST /api/admin/apps/:id/revision/reject — { reasons, message?, expectedUpdatedAt? }: PENDING → REJECTED; the live version stays, email.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { expectedUpdatedAt, ...input } = await readBody(request, rejectAppBody);
  return json(adminRevisionView(await rejectRevision({ actor: admin, appId: params.id, input, expectedUpdatedAt })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
