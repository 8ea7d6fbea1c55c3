import Link from "next/link";

import { InlineSelect } from "@/components/ui/inline-select";
import { Pager } from "@/components/ui/pager";
import type { Page } from "@/db/paginate";
import type { PortalUser } from "@/lib/auth/portal-session";
import type { PublicReviewResource } from "@/lib/validation/responses";
import type { ReviewSort } from "@/lib/validation/public";

import { RatingHistogram } from "./rating-histogram";
import { WriteReviewForm } from "./write-review-form";

const SORT_OPTIONS = [
  { value: "highest", label: "Highest rated" },
  { value: "lowest", label: "Lowest rated" },
];

type Props = {
  slug: string;
  average: number | null;
  histogram: number[];
  reviews: Page<PublicReviewResource>;
  sort: ReviewSort;
  reader: PortalUser | null;
  /** The reader's own review, if they wrote one. */
  own: PublicReviewResource | undefined;
  /** The reader is the app's developer, who may not review it. */
  readerIsDeveloper: boolean;
};

/** An app page's reviews: the summary, the reader's own review (or how to write one), and every review, paged and sorted. */
export function AppReviews({ slug, average, histogram, reviews, sort, reader, own, readerIsDeveloper }: Props) {
  const here = `/apps/${slug}`;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="max-w-3xl scroll-mt-4 space-y-6">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        Reviews
      </h2>
      <RatingHistogram average={average} counts={histogram} />
      {!reader ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <Link href={`/signin?callbackUrl=${encodeURIComponent(`${here}#reviews`)}`} className="font-medium text-brand-700 underline">
            Sign in with Yapture to write a review
          </Link>
        </p>
      ) : readerIsDeveloper ? (
        <p className="text-sm text-slate-600">You made this app, so you cannot review it.</p>
      ) : (
        <WriteReviewForm key={own?.updatedAt ?? "new"} slug={slug} own={own} />
      )}
      <form action={`${here}#reviews`} className="flex items-center gap-3" aria-label="Sort reviews">
        <InlineSelect
          name="sort"
          label="Sort reviews"
          anyLabel="Newest first"
          defaultValue={sort === "newest" ? undefined : sort}
          options={SORT_OPTIONS}
        />
      </form>
      <div className="space-y-3">
        {reviews.items.map((review) => (
          <article key={review.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="review">
            <p className="text-sm">
              <span className="text-amber-600" aria-label={`${review.rating} out of 5 stars`}>
                {"★".repeat(review.rating)}
                <span className="text-slate-400">{"★".repeat(5 - review.rating)}</span>
              </span>{" "}
              {review.title ? <strong>{review.title}</strong> : null}
            </p>
            {review.body ? <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{review.body}</p> : null}
            <p className="mt-2 text-xs text-slate-600">
              {review.author.name} · {review.updatedAt.slice(0, 10)}
            </p>
          </article>
        ))}
        {reviews.total === 0 ? <p className="text-sm text-slate-600">No reviews yet.</p> : null}
      </div>
      <Pager basePath={here} params={{ sort: sort === "newest" ? undefined : sort }} of={reviews} hash="reviews" />
    </section>
  );
}
