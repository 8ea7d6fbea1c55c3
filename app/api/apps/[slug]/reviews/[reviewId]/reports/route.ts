import { json, otherMethods } from "@/lib/http";
import { reportReview } from "@/lib/reviews/reports";
import { handle } from "@/lib/http/handle";
import { REVIEWS } from "@/lib/reviews/operations";

// POST /api/apps/:slug/reviews/:reviewId/reports — the signed-in Yapture user reports a review or its reply, once.
export const { POST } = handle(REVIEWS.report, async ({ identity: reporter, params, body: input }) => {
  const report = await reportReview({ slug: params.slug, reviewId: params.reviewId, reporter, input });
  return json({ id: report.id, createdAt: report.createdAt.toISOString() }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
