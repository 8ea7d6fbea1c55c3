import { approveRevision } from "@/lib/apps/revision-approval";
import { adminRevisionView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { approveBody } from "@/lib/validation/admin";

// POST /api/admin/apps/:id/revision/approve — { note?, expectedUpdatedAt? }: the update (the version read) goes live, email.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { note, expectedUpdatedAt } = await readBody(request, approveBody, { optional: true });
  return json(adminRevisionView(await approveRevision({ actor: admin, appId: params.id, note, expectedUpdatedAt })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
