import { PUBLIC_CACHE, cachedJson } from "@/lib/http/caching";
import { withYaptureUser } from "@/lib/auth/with-yapture-user";
import { json, otherMethods, paged, parseQuery, readBody, route } from "@/lib/http";
import { listReviews, upsertReview } from "@/lib/reviews/service";
import { publicReviewView } from "@/lib/reviews/views";
import { REVIEW_READ_ONLY_FIELDS, listReviewsQuery, reviewBody } from "@/lib/validation/public";

// GET /api/apps/:slug/reviews — a public app's reviews, newest first, paged.
export const GET = route<{ slug: string }>(async ({ request, params }) => {
  const paging = parseQuery(request, listReviewsQuery);
  return cachedJson(request, paged(await listReviews({ slug: params.slug, paging }), publicReviewView), PUBLIC_CACHE.reviews);
});

// POST /api/apps/:slug/reviews — the signed-in Yapture user's review: 201 created, 200 replaced.
export const POST = withYaptureUser<{ slug: string }>(async ({ identity: reviewer, request, params }) => {
  const input = await readBody(request, reviewBody, { readOnlyFields: REVIEW_READ_ONLY_FIELDS });
  const { review, created } = await upsertReview({ slug: params.slug, reviewer, input });
  return json(publicReviewView(review), { status: created ? 201 : 200 });
});

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);
