import { json, noContent, otherMethods } from "@/lib/http";
import { createReply, deleteReply, updateReply } from "@/lib/reviews/replies";
import { replyView } from "@/lib/reviews/views";
import { handle } from "@/lib/http/handle";
import { PUBLISHER_REVIEWS } from "@/lib/reviews/operations";

// POST /api/dev/apps/:id/reviews/:reviewId/reply — the publisher's one public reply; the reviewer is emailed.
export const { POST } = handle(PUBLISHER_REVIEWS.reply, async ({ access, params, body: { body } }) =>
  json(replyView(await createReply({ access, appId: params.id, reviewId: params.reviewId, body })), { status: 201 }),
);

// PUT /api/dev/apps/:id/reviews/:reviewId/reply — change the reply.
export const { PUT } = handle(PUBLISHER_REVIEWS.changeReply, async ({ access, params, body: { body } }) =>
  json(replyView(await updateReply({ access, appId: params.id, reviewId: params.reviewId, body }))),
);

// DELETE /api/dev/apps/:id/reviews/:reviewId/reply — remove the reply.
export const { DELETE } = handle(PUBLISHER_REVIEWS.deleteReply, async ({ access, params }) => {
  await deleteReply({ access, appId: params.id, reviewId: params.reviewId });
  return noContent();
});

export const { GET, PATCH } = otherMethods(["POST", "PUT", "DELETE"]);
