import { getRevisionForAdmin } from "@/lib/apps/revision-approval";
import { adminRevisionView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods } from "@/lib/http";

// GET /api/admin/apps/:id/revision — the app's open update with its field-by-field changes.
export const GET = withAdmin<{ id: string }>(async ({ params }) => json(adminRevisionView(await getRevisionForAdmin(params.id))));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
