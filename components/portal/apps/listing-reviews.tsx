import { ReviewText } from "@/components/ui/review-text";
import type { PublisherReviewResource } from "@/lib/reviews/schemas";

import { ReviewReplyForm } from "./review-reply-form";

/** The listing's visible reviews, newest first, each with the developer's reply (or a way to write one). */
export function ListingReviews({
  appId,
  reviews,
  total,
  mayReply,
}: {
  appId: string;
  reviews: PublisherReviewResource[];
  total: number;
  /** The member's role may reply (owners, admins, support). */
  mayReply: boolean;
}) {
  return (
    <section aria-labelledby="reviews-heading" className="max-w-3xl space-y-3">
      <h2 id="reviews-heading" className="text-lg font-semibold">
        Reviews
      </h2>
      {total === 0 ? (
        <p className="text-sm text-slate-600">No reviews yet.</p>
      ) : (
        <p className="text-sm text-slate-600">
          {total > reviews.length ? `The ${reviews.length} most recent of ${total} reviews. ` : null}
          Your replies are public, under each review; the reviewer is emailed when you first reply.
        </p>
      )}
      {reviews.map((review) => (
        <article key={review.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="listing-review">
          <ReviewText rating={review.rating} title={review.title} body={review.body} />
          <p className="mt-2 text-xs text-slate-600">
            <bdi>{review.author.name}</bdi> · {review.updatedAt.slice(0, 10)}
            {review.verifiedInstall ? " · Verified install" : ""}
          </p>
          {mayReply ? (
            <ReviewReplyForm key={review.reply?.updatedAt ?? "none"} appId={appId} reviewId={review.id} reply={review.reply} />
          ) : review.reply ? (
            <p dir="auto" className="mt-3 border-s-2 border-slate-300 ps-3 text-sm break-words whitespace-pre-line text-slate-700">
              {review.reply.body}
            </p>
          ) : null}
        </article>
      ))}
    </section>
  );
}
