import Link from "next/link";

import { formatCount } from "@/lib/core/format-count";
import { Button } from "@/components/ui/button";
import { InlineSelect } from "@/components/ui/inline-select";
import { endpointOf } from "@/lib/client/operation-call";
import { REVIEWS } from "@/lib/reviews/operations";
import { Pager } from "@/components/ui/pager";
import type { Page } from "@/db/paginate";
import { REPLY_TO_YOUR_REVIEW_ID } from "@/lib/email/templates/review-replied";
import type { PublicReviewResource, ReviewSort } from "@/lib/reviews/schemas";

import { ReviewerPanel } from "./own-review";
import { RatingHistogram } from "./rating-histogram";
import { ReviewList } from "./review-list";

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
};

/** The app page's reviews with these list parameters (those undefined left out). */
function reviewsHref(here: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return `${here}${query ? `?${query}` : ""}#reviews`;
}

/**
 * An app page's reviews: the summary, the reader's own review (or how to write one), and every
 * review, paged and sorted. The reader's published review comes first, as others see it, marked as
 * theirs; an app without reviews says so once. What is the reader's own is drawn by the page's
 * island (./own-review.tsx): this renders the same for everyone.
 */
export function AppReviews({ slug, average, histogram, verified, verifiedOnly, publisher, reviews, sort }: Props) {
  const here = `/apps/${slug}`;
  const listParams = { sort: sort === "newest" ? undefined : sort, verified: verifiedOnly ? "true" : undefined };
  const anyReviews = histogram.some((count) => count > 0);
  const reportEndpoint = endpointOf(REVIEWS.report);
  const own = { slug, publisher, replyAnchor: REPLY_TO_YOUR_REVIEW_ID, verifiedOnly };
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
              : `${verified.average!.toFixed(1)} from ${formatCount(verified.count)} verified ${verified.count === 1 ? "install" : "installs"}.`}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-700" data-testid="no-reviews">
          No reviews yet.
        </p>
      )}
      <ReviewerPanel {...own} endpoints={{ write: endpointOf(REVIEWS.write), delete: endpointOf(REVIEWS.delete) }} />
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
        <ReviewList {...own} reviews={reviews.items} reportEndpoint={reportEndpoint} />
        {/* The summary above says it already when no review is from a verified install. */}
        {anyReviews && reviews.total === 0 && !(verifiedOnly && verified.count === 0) ? (
          <p className="text-sm text-slate-600">No reviews yet.</p>
        ) : null}
      </div>
      <Pager basePath={here} params={listParams} of={reviews} hash="reviews" />
    </section>
  );
}
