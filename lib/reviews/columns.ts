import { reviews, type Review } from "@/db/schema";

/** The columns every view of a review is built from (lib/reviews/views.ts): never the author's id or email. */
export const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  authorName: reviews.authorName,
  verifiedInstall: reviews.verifiedInstall,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

/** A review as those columns read it. */
export type ReviewFields = Pick<Review, keyof typeof reviewColumns>;
