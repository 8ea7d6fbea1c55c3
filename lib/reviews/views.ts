import type { Review } from "@/db/schema";
import type { PublicReviewResource } from "@/lib/validation/responses";

/** The review columns a public view is built from; never the reviewer's Yapture id. */
export type PublicReviewFields = Pick<Review, "id" | "rating" | "title" | "body" | "authorName" | "createdAt" | "updatedAt">;

export function publicReviewView(review: PublicReviewFields): PublicReviewResource {
  return {
    id: review.id,
    rating: review.rating,
    title: review.title,
    body: review.body,
    author: { name: review.authorName },
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}
