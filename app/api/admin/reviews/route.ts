import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { listModerationQueue } from "@/lib/reviews/moderation";
import { moderationView } from "@/lib/reviews/views";
import { moderationQuery } from "@/lib/validation/admin";

// GET /api/admin/reviews — customer reviews to moderate: reported (most open reports first) or hidden.
export const GET = withAdmin(async ({ request }) => {
  const { queue, ...paging } = parseQuery(request, moderationQuery);
  return json(paged(await listModerationQueue({ queue, paging }), moderationView));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
