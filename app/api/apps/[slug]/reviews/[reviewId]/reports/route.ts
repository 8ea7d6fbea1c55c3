import { withYaptureUser } from "@/lib/http/with-yapture-user";
import { json, otherMethods, readBody } from "@/lib/http";
import { reportReview } from "@/lib/reviews/reports";
import { reportBody } from "@/lib/validation/public";

// POST /api/apps/:slug/reviews/:reviewId/reports — the signed-in Yapture user reports a review or its reply, once.
export const POST = withYaptureUser<{ slug: string; reviewId: string }>(async ({ identity: reporter, request, params, limit }) => {
  await limit("reviewReport", reporter.sub);
  const input = await readBody(request, reportBody);
  const report = await reportReview({ slug: params.slug, reviewId: params.reviewId, reporter, input });
  return json({ id: report.id, createdAt: report.createdAt.toISOString() }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
