import { getAppForAdmin } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { APP_APPROVALS } from "@/lib/apps/operations";

// GET /api/admin/apps/:id — one listing in any state, for review.
export const { GET } = handle(APP_APPROVALS.get, async ({ params }) => json(adminAppView(await getAppForAdmin(params.id))));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
