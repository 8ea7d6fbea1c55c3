import { ReviewText } from "@/components/ui/review-text";
import type { OperationEndpoint } from "@/lib/client/operation-call";
import type { REVIEWS } from "@/lib/reviews/operations";
import type { PublicReviewResource } from "@/lib/reviews/schemas";

import { IfSignedIn } from "./app-reader";
import { ReportReview } from "./report-review";

/**
 * One review as everyone sees it, with Report for a signed-in reader. The reader's own (`mine`,
 * drawn by the page's island) is marked, offers no Report of itself, and its reply carries the
 * anchor the reply email links to (`replyAnchor`).
 */
export function ReviewArticle({
  review,
  slug,
  publisher,
  reportEndpoint,
  replyAnchor,
  mine,
}: {
  review: PublicReviewResource;
  slug: string;
  publisher: string;
  reportEndpoint: OperationEndpoint<typeof REVIEWS.report>;
  replyAnchor: string;
  mine: boolean;
}) {
  return (
    <article
      className={`rounded-xl border bg-white p-4 ${mine ? "border-brand-300 ring-1 ring-brand-200" : "border-slate-200"}`}
      aria-label={mine ? "Your review, as others see it" : undefined}
      data-testid="review"
    >
      {mine ? (
        <p className="mb-2 text-xs font-semibold text-brand-800" data-testid="your-review-mark">
          Your review
        </p>
      ) : null}
      <ReviewText rating={review.rating} title={review.title} body={review.body} />
      <div className="mt-2 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        <span>
          <bdi>{review.author.name}</bdi> · {review.updatedAt.slice(0, 10)}
        </span>
        {review.verifiedInstall ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800" data-testid="verified-install">
            Verified install
          </span>
        ) : null}
        {mine ? null : (
          <IfSignedIn>
            <ReportReview endpoint={reportEndpoint} slug={slug} reviewId={review.id} part="review" />
          </IfSignedIn>
        )}
      </div>
      {review.reply ? (
        <div
          id={mine ? replyAnchor : undefined}
          className="mt-3 scroll-mt-4 border-l-2 border-slate-300 pl-3"
          data-testid="publisher-reply"
        >
          <p className="text-xs font-medium text-slate-700">
            {mine ? (
              <>
                <bdi>{publisher}</bdi> replied to your review
              </>
            ) : (
              <>
                Reply from <bdi>{publisher}</bdi>
              </>
            )}
          </p>
          <p dir="auto" className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
            {review.reply.body}
          </p>
          <IfSignedIn>
            <ReportReview endpoint={reportEndpoint} slug={slug} reviewId={review.id} part="reply" />
          </IfSignedIn>
        </div>
      ) : null}
    </article>
  );
}
