"use client";

import type { OperationEndpoint } from "@/lib/client/operation-call";
import type { REVIEWS } from "@/lib/reviews/operations";
import type { PublicReviewResource } from "@/lib/reviews/schemas";

import { PinnedOwnReview, UnlessOwn } from "./own-review";
import { ReviewArticle } from "./review-article";

/**
 * A page of an app's reviews as everyone sees them, the reader's own pinned first instead of in its
 * place (./own-review.tsx). A client component, as AppGrid is: the page sends the reviews' fields,
 * not their element tree, which the server would serialise, read back for the HTML and send again
 * inside the page (docs/benchmarks.md, "App page render").
 */
export function ReviewList({
  reviews,
  slug,
  publisher,
  reportEndpoint,
  replyAnchor,
  verifiedOnly,
}: {
  reviews: readonly PublicReviewResource[];
  slug: string;
  publisher: string;
  reportEndpoint: OperationEndpoint<typeof REVIEWS.report>;
  replyAnchor: string;
  verifiedOnly: boolean;
}) {
  return (
    <>
      <PinnedOwnReview
        slug={slug}
        publisher={publisher}
        reportEndpoint={reportEndpoint}
        replyAnchor={replyAnchor}
        verifiedOnly={verifiedOnly}
      />
      {reviews.map((review) => (
        <UnlessOwn key={review.id} reviewId={review.id}>
          <ReviewArticle
            review={review}
            slug={slug}
            publisher={publisher}
            reportEndpoint={reportEndpoint}
            replyAnchor={replyAnchor}
            mine={false}
          />
        </UnlessOwn>
      ))}
    </>
  );
}
