import { approveApp } from "@/lib/apps/review";
import { adminAppView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/auth/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { approveBody } from "@/lib/validation/admin";

// POST /api/admin/apps/:id/approve — { note? }: PENDING → APPROVED, public at once, email.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { note } = await readBody(request, approveBody, { optional: true });
  return json(adminAppView(await approveApp({ actor: admin, appId: params.id, note })));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
