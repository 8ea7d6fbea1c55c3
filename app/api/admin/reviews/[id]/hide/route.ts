import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { getModerationRow, hideReviewPart } from "@/lib/reviews/moderation";
import { moderationView } from "@/lib/reviews/views";
import { hideBody } from "@/lib/validation/admin";

// POST /api/admin/reviews/:id/hide — { part, reason }: hide the review (out of the counters) or its reply.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { part, reason } = await readBody(request, hideBody);
  await hideReviewPart({ actor: admin, reviewId: params.id, part, reason });
  return json(moderationView(await getModerationRow(params.id)));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
