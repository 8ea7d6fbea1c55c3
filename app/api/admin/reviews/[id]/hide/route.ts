import { json, otherMethods } from "@/lib/http";
import { getModerationRow, hideReviewPart } from "@/lib/reviews/moderation";
import { moderationView } from "@/lib/reviews/views";
import { handle } from "@/lib/http/handle";
import { MODERATION } from "@/lib/reviews/operations";

// POST /api/admin/reviews/:id/hide — { part, reason }: hide the review (out of the counters) or its reply.
export const { POST } = handle(MODERATION.hide, async ({ admin, params, body: { part, reason } }) => {
  await hideReviewPart({ actor: admin, reviewId: params.id, part, reason });
  return json(moderationView(await getModerationRow(params.id)));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
