import { PUBLIC_CACHE, cachedJson } from "@/lib/http/caching";
import { withYaptureUser } from "@/lib/http/with-yapture-user";
import { json, noContent, otherMethods, paged, parseQuery, publicGet, readBody } from "@/lib/http";
import { deleteOwnReview, listReviews, upsertReview } from "@/lib/reviews/service";
import { publicReviewView } from "@/lib/reviews/views";
import { REVIEW_READ_ONLY_FIELDS, listReviewsQuery, reviewBody } from "@/lib/validation/public";

// GET /api/apps/:slug/reviews — a public app's reviews, newest (or highest, lowest) first, paged.
export const GET = publicGet<{ slug: string }>(async ({ request, params }) => {
  const { sort, verified, ...paging } = parseQuery(request, listReviewsQuery);
  const reviews = await listReviews({ slug: params.slug, paging, sort, verifiedOnly: verified === true });
  return cachedJson(request, paged(reviews, publicReviewView), PUBLIC_CACHE.reviews);
});

// POST /api/apps/:slug/reviews — the signed-in Yapture user's review: 201 created, 200 replaced.
export const POST = withYaptureUser<{ slug: string }>(async ({ identity: reviewer, request, params, limit }) => {
  await limit("reviewWrite", reviewer.sub);
  const input = await readBody(request, reviewBody, { readOnlyFields: REVIEW_READ_ONLY_FIELDS });
  const { review, created } = await upsertReview({ slug: params.slug, reviewer, input });
  return json(publicReviewView(review), { status: created ? 201 : 200 });
});

// DELETE /api/apps/:slug/reviews — the signed-in Yapture user's own review.
export const DELETE = withYaptureUser<{ slug: string }>(async ({ identity: reviewer, params, limit }) => {
  await limit("reviewWrite", reviewer.sub);
  await deleteOwnReview({ slug: params.slug, reviewer });
  return noContent();
});

export const { PUT, PATCH } = otherMethods(["GET", "POST", "DELETE"]);
