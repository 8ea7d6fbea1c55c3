import { json, otherMethods } from "@/lib/http";
import { getModerationRow, restoreReviewPart } from "@/lib/reviews/moderation";
import { moderationView } from "@/lib/reviews/views";
import { handle } from "@/lib/http/handle";
import { MODERATION } from "@/lib/reviews/operations";

// POST /api/admin/reviews/:id/restore — { part, expectedUpdatedAt }: show a hidden review (back in the counters) or reply again, as read.
export const { POST } = handle(MODERATION.restore, async ({ admin, params, body: { part, expectedUpdatedAt } }) => {
  await restoreReviewPart({ actor: admin, reviewId: params.id, part, version: expectedUpdatedAt });
  return json(moderationView(await getModerationRow(params.id)));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
