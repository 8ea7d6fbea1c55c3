import { getAppForAdmin } from "@/lib/apps/approval";
import { adminAppView } from "@/lib/apps/views";
import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods } from "@/lib/http";

// GET /api/admin/apps/:id — one listing in any state, for review.
export const GET = withAdmin<{ id: string }>(async ({ params }) => json(adminAppView(await getAppForAdmin(params.id))));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
