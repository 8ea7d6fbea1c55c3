import { rejectApp } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { rejectAppBody } from "@/lib/validation/admin";

// POST /api/admin/apps/:id/reject — { reasons: [{ criterion, message }], message?, expectedUpdatedAt? }: PENDING → REJECTED, email.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { expectedUpdatedAt, ...input } = await readBody(request, rejectAppBody);
  return json(adminAppView(await rejectApp({ actor: admin, appId: params.id, input, expectedUpdatedAt })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
