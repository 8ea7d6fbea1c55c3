import { approveApp } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { approveBody } from "@/lib/validation/admin";

// POST /api/admin/apps/:id/approve — { note?, expectedUpdatedAt? }: PENDING → APPROVED (the version read), public at once, email.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { note, expectedUpdatedAt } = await readBody(request, approveBody, { optional: true });
  return json(adminAppView(await approveApp({ actor: admin, appId: params.id, note, expectedUpdatedAt })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
