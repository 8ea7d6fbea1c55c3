"use client";

import Link from "next/link";
import { useEffect, type ReactNode } from "react";

import type { OperationEndpoint } from "@/lib/client/operation-call";
import type { REVIEWS } from "@/lib/reviews/operations";

import { useAppReader, type AppReader } from "./app-reader";
import { ReviewArticle } from "./review-article";
import { WriteReviewForm, type ReviewEndpoints } from "./write-review-form";

// The reader's own part of an app's reviews, drawn in the browser from the page's island
// (./app-reader.tsx): the server renders the reviews as anyone signed out sees them.

/** The reader's review, if any. */
const ownOf = (reader: AppReader) => (reader.state === "signed-in" ? (reader.ownReview ?? undefined) : undefined);

/** The reader's review when it is published and within the list's filter: pinned first, and not again among the others. */
const pinnedOf = (reader: AppReader, verifiedOnly: boolean) => {
  const own = ownOf(reader);
  return own && !own.hidden && (!verifiedOnly || own.verifiedInstall) ? own : undefined;
};

/** The reply email links to the reply under the person's review, which appears only now: go there once it has. */
function useScrollToAnchor(anchor: string, shown: boolean) {
  useEffect(() => {
    if (shown && window.location.hash === `#${anchor}`) document.getElementById(anchor)?.scrollIntoView();
  }, [anchor, shown]);
}

/** Write, change or delete one's review; or sign in to; or why one may not (the app's makers). */
export function ReviewerPanel({
  slug,
  publisher,
  endpoints,
  replyAnchor,
  verifiedOnly,
}: {
  slug: string;
  publisher: string;
  endpoints: ReviewEndpoints;
  replyAnchor: string;
  verifiedOnly: boolean;
}) {
  const reader = useAppReader();
  const own = ownOf(reader);
  const replyHere = Boolean(own?.reply) && !pinnedOf(reader, verifiedOnly);
  useScrollToAnchor(replyAnchor, replyHere);
  return (
    <>
      {own?.hidden ? (
        <p
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          role="status"
          data-testid="own-review-hidden"
        >
          An administrator hid your review, so only you can see it: <bdi>{own.hidden.reason}</bdi>
        </p>
      ) : null}
      {reader.state === "anonymous" ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <Link
            href={`/signin?callbackUrl=${encodeURIComponent(`/apps/${slug}#reviews`)}`}
            className="font-medium text-brand-700 underline"
          >
            Sign in with Yapture to write a review
          </Link>
        </p>
      ) : reader.state === "asking" ? (
        // The sign-in line's place, kept while the person's part is asked for.
        <div aria-hidden="true" className="h-[54px] rounded-xl border border-slate-200 bg-slate-50 motion-safe:animate-pulse" />
      ) : reader.isPublisherMember ? (
        <p className="text-sm text-slate-600">You made this app, so you cannot review it.</p>
      ) : (
        <WriteReviewForm key={own?.updatedAt ?? "new"} endpoints={endpoints} slug={slug} own={own} />
      )}
      {own?.reply && replyHere ? (
        <div id={replyAnchor} className="scroll-mt-4 border-l-2 border-slate-300 pl-3" data-testid="reply-to-own-review">
          <p className="text-xs font-medium text-slate-700">
            <bdi>{publisher}</bdi> replied to your review
          </p>
          <p dir="auto" className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
            {own.reply.body}
          </p>
        </div>
      ) : null}
    </>
  );
}

/** The reader's published review, first in the list, as others see it, marked as theirs. */
export function PinnedOwnReview({
  slug,
  publisher,
  reportEndpoint,
  replyAnchor,
  verifiedOnly,
}: {
  slug: string;
  publisher: string;
  reportEndpoint: OperationEndpoint<typeof REVIEWS.report>;
  replyAnchor: string;
  verifiedOnly: boolean;
}) {
  const pinned = pinnedOf(useAppReader(), verifiedOnly);
  useScrollToAnchor(replyAnchor, Boolean(pinned?.reply));
  return pinned ? (
    <ReviewArticle review={pinned} slug={slug} publisher={publisher} reportEndpoint={reportEndpoint} replyAnchor={replyAnchor} mine />
  ) : null;
}

/** A review of the list, unless it is the reader's own, which is pinned first instead. */
export function UnlessOwn({ reviewId, children }: { reviewId: string; children: ReactNode }) {
  return ownOf(useAppReader())?.id === reviewId ? null : children;
}
