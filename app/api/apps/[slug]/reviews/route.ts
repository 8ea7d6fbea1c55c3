import { PUBLIC_CACHE, cachedJson } from "@/lib/http/caching";
import { json, noContent, otherMethods, paged } from "@/lib/http";
import { deleteOwnReview, listReviews, upsertReview } from "@/lib/reviews/service";
import { publicReviewView } from "@/lib/reviews/views";
import { handle } from "@/lib/http/handle";
import { REVIEWS } from "@/lib/reviews/operations";

// GET /api/apps/:slug/reviews — a public app's reviews, newest (or highest, lowest) first, paged.
export const { GET } = handle(REVIEWS.list, async ({ request, params, query: { sort, verified, ...paging } }) => {
  const reviews = await listReviews({ slug: params.slug, paging, sort, verifiedOnly: verified === true });
  return cachedJson(request, paged(reviews, publicReviewView), PUBLIC_CACHE.reviews);
});

// POST /api/apps/:slug/reviews — the signed-in Yapture user's review: 201 created, 200 replaced.
export const { POST } = handle(REVIEWS.write, async ({ identity: reviewer, params, body: input }) => {
  const { review, created } = await upsertReview({ slug: params.slug, reviewer, input });
  return json(publicReviewView(review), { status: created ? 201 : 200 });
});

// DELETE /api/apps/:slug/reviews — the signed-in Yapture user's own review.
export const { DELETE } = handle(REVIEWS.delete, async ({ identity: reviewer, params }) => {
  await deleteOwnReview({ slug: params.slug, reviewer });
  return noContent();
});

export const { PUT, PATCH } = otherMethods(["GET", "POST", "DELETE"]);
