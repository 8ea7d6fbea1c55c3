import { getRevisionForAdmin } from "@/lib/apps/revision-approval";
import { adminRevisionView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { UPDATE_APPROVALS } from "@/lib/apps/operations";

// GET /api/admin/apps/:id/revision — the app's open update with its field-by-field changes.
export const { GET } = handle(UPDATE_APPROVALS.get, async ({ params }) => json(adminRevisionView(await getRevisionForAdmin(params.id))));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
