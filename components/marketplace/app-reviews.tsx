import Link from "next/link";

import { Button } from "@/components/ui/button";
import { InlineSelect } from "@/components/ui/inline-select";
import { endpointOf } from "@/lib/client/operation-call";
import { REVIEWS } from "@/lib/reviews/operations";
import { Pager } from "@/components/ui/pager";
import { ReviewText } from "@/components/ui/review-text";
import type { Page } from "@/db/paginate";
import type { PortalUser } from "@/lib/auth/portal-session";
import { REPLY_TO_YOUR_REVIEW_ID } from "@/lib/email/templates/review-replied";
import type { PublicReviewResource, ReviewSort } from "@/lib/reviews/schemas";

import { RatingHistogram } from "./rating-histogram";
import { ReportReview } from "./report-review";
import { WriteReviewForm } from "./write-review-form";

const SORT_OPTIONS = [
  { value: "highest", label: "Highest rated" },
  { value: "lowest", label: "Lowest rated" },
];

type Props = {
  slug: string;
  average: number | null;
  histogram: number[];
  /** Reviews written after an install into the author's workspace: how many, and their average. */
  verified: { count: number; average: number | null };
  /** Only those are listed. */
  verifiedOnly: boolean;
  /** The publisher's name, shown over their replies. */
  publisher: string;
  reviews: Page<PublicReviewResource>;
  sort: ReviewSort;
  reader: PortalUser | null;
  /** The reader's own review, if they wrote one. */
  own: PublicReviewResource | undefined;
  /** The reader is the app's developer, who may not review it. */
  readerIsDeveloper: boolean;
};

/** The app page's reviews with these list parameters (those undefined left out). */
function reviewsHref(here: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return `${here}${query ? `?${query}` : ""}#reviews`;
}

/** An app page's reviews: the summary, the reader's own review (or how to write one), and every review, paged and sorted. */
/** One review as everyone sees it; the reader's own is marked, and carries the anchor the reply email links to. */
function ReviewArticle({
  review,
  slug,
  publisher,
  reader,
  mine,
}: {
  review: PublicReviewResource;
  slug: string;
  publisher: string;
  reader: PortalUser | null;
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
        {reader && !mine ? <ReportReview endpoint={endpointOf(REVIEWS.report)} slug={slug} reviewId={review.id} part="review" /> : null}
      </div>
      {review.reply ? (
        <div
          id={mine ? REPLY_TO_YOUR_REVIEW_ID : undefined}
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
          {reader ? <ReportReview endpoint={endpointOf(REVIEWS.report)} slug={slug} reviewId={review.id} part="reply" /> : null}
        </div>
      ) : null}
    </article>
  );
}

/**
 * An app page's reviews: the summary, the reader's own review (or how to write one), and every
 * review, paged and sorted. The reader's published review comes first, as others see it, marked as
 * theirs; an app without reviews says so once.
 */
export function AppReviews({
  slug,
  average,
  histogram,
  verified,
  verifiedOnly,
  publisher,
  reviews,
  sort,
  reader,
  own,
  readerIsDeveloper,
}: Props) {
  const here = `/apps/${slug}`;
  const listParams = { sort: sort === "newest" ? undefined : sort, verified: verifiedOnly ? "true" : undefined };
  const anyReviews = histogram.some((count) => count > 0);
  // Published and within the list's filter: pinned first, and not again among the others.
  const pinned = own && !own.hidden && (!verifiedOnly || own.verifiedInstall) ? own : undefined;
  const others = reviews.items.filter((review) => review.id !== own?.id);
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="max-w-3xl scroll-mt-4 space-y-6">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        Reviews
      </h2>
      {anyReviews ? (
        <>
          <RatingHistogram average={average} counts={histogram} />
          <p className="text-sm text-slate-700" data-testid="verified-summary">
            {verified.count === 0
              ? "No reviews from verified installs yet."
              : `${verified.average!.toFixed(1)} from ${verified.count.toLocaleString("en")} verified ${verified.count === 1 ? "install" : "installs"}.`}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-700" data-testid="no-reviews">
          No reviews yet.
        </p>
      )}
      {own?.hidden ? (
        <p
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          role="status"
          data-testid="own-review-hidden"
        >
          An administrator hid your review, so only you can see it: <bdi>{own.hidden.reason}</bdi>
        </p>
      ) : null}
      {!reader ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <Link href={`/signin?callbackUrl=${encodeURIComponent(`${here}#reviews`)}`} className="font-medium text-brand-700 underline">
            Sign in with Yapture to write a review
          </Link>
        </p>
      ) : readerIsDeveloper ? (
        <p className="text-sm text-slate-600">You made this app, so you cannot review it.</p>
      ) : (
        <WriteReviewForm
          key={own?.updatedAt ?? "new"}
          endpoints={{ write: endpointOf(REVIEWS.write), delete: endpointOf(REVIEWS.delete) }}
          slug={slug}
          own={own}
        />
      )}
      {own?.reply && !pinned ? (
        <div id={REPLY_TO_YOUR_REVIEW_ID} className="scroll-mt-4 border-l-2 border-slate-300 pl-3" data-testid="reply-to-own-review">
          <p className="text-xs font-medium text-slate-700">
            <bdi>{publisher}</bdi> replied to your review
          </p>
          <p dir="auto" className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
            {own.reply.body}
          </p>
        </div>
      ) : null}
      {anyReviews ? (
        <form action={`${here}#reviews`} className="flex flex-wrap items-center gap-3" aria-label="Sort reviews">
          <InlineSelect
            name="sort"
            label="Sort reviews"
            anyLabel="Newest first"
            defaultValue={sort === "newest" ? undefined : sort}
            options={SORT_OPTIONS}
          />
          {verifiedOnly ? <input type="hidden" name="verified" value="true" /> : null}
          {/* Applies the sort without script, and with it for those who look for a button. */}
          <Button type="submit" variant="secondary" worksWithoutScript>
            Sort
          </Button>
          <Link
            href={reviewsHref(here, { ...listParams, verified: verifiedOnly ? undefined : "true" })}
            className="text-sm text-brand-700 underline"
            aria-current={verifiedOnly ? "true" : undefined}
          >
            {verifiedOnly ? "Show all reviews" : "Only verified installs"}
          </Link>
        </form>
      ) : null}
      <div className="space-y-3">
        {pinned ? <ReviewArticle review={pinned} slug={slug} publisher={publisher} reader={reader} mine /> : null}
        {others.map((review) => (
          <ReviewArticle key={review.id} review={review} slug={slug} publisher={publisher} reader={reader} mine={false} />
        ))}
        {/* The summary above says it already when no review is from a verified install. */}
        {anyReviews && reviews.total === 0 && !(verifiedOnly && verified.count === 0) ? (
          <p className="text-sm text-slate-600">No reviews yet.</p>
        ) : null}
      </div>
      <Pager basePath={here} params={listParams} of={reviews} hash="reviews" />
    </section>
  );
}
