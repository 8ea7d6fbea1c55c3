import { getAppForAdmin } from "@/lib/admin/app-review";
import { withAdmin } from "@/lib/auth/with-admin";
import { json, otherMethods } from "@/lib/http";

// GET /api/admin/apps/:id — one listing in any state, for review.
export const GET = withAdmin<{ id: string }>(async ({ params }) => json(await getAppForAdmin(params.id), { headers: { "cache-control": "no-store" } }));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
