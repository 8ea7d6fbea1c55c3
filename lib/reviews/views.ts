import type { Review, ReviewReply } from "@/db/schema";
import type { ModerationReviewResource, PublicReviewResource, PublisherReviewResource, ReviewReplyResource } from "./schemas";

import type { ModerationRow } from "./moderation";
import type { PublisherReviewRow } from "./replies";

type ReplyFields = { replyBody: ReviewReply["body"] | null; replyCreatedAt: Date | null; replyUpdatedAt: Date | null };

/** The review columns a public view is built from, with the publisher's visible reply; never the reviewer's Yapture id or email. */
export type PublicReviewFields = Pick<
  Review,
  "id" | "rating" | "title" | "body" | "authorName" | "verifiedInstall" | "createdAt" | "updatedAt"
> &
  ReplyFields;

/** A review as its author sees it: the public fields, and why a moderator hid it (null: visible). */
export type OwnReviewFields = PublicReviewFields & { hiddenReason: string | null };

type ReviewCore = Pick<Review, "id" | "rating" | "title" | "body" | "authorName" | "verifiedInstall">;

/** What every view shows of a review; never its author's Yapture id or email. */
const coreView = (review: ReviewCore) => ({
  id: review.id,
  rating: review.rating,
  title: review.title,
  body: review.body,
  author: { name: review.authorName },
  verifiedInstall: review.verifiedInstall,
});

export function publicReviewView(review: PublicReviewFields | OwnReviewFields): PublicReviewResource {
  return {
    ...coreView(review),
    reply:
      review.replyBody === null
        ? null
        : { body: review.replyBody, createdAt: review.replyCreatedAt!.toISOString(), updatedAt: review.replyUpdatedAt!.toISOString() },
    hidden: "hiddenReason" in review && review.hiddenReason !== null ? { reason: review.hiddenReason } : null,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}

const hiddenFor = (reason: string | null) => (reason === null ? null : { reason });

type ReplyRow = { body: string; hiddenReason: string | null; createdAt: Date; updatedAt: Date };

export function replyView(reply: ReplyRow): ReviewReplyResource {
  return {
    body: reply.body,
    hidden: hiddenFor(reply.hiddenReason),
    createdAt: reply.createdAt.toISOString(),
    updatedAt: reply.updatedAt.toISOString(),
  };
}

export function publisherReviewView(review: PublisherReviewRow): PublisherReviewResource {
  return {
    ...coreView(review),
    reply: review.reply ? replyView(review.reply) : null,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}

export function moderationView(review: ModerationRow): ModerationReviewResource {
  return {
    ...coreView(review),
    hidden: hiddenFor(review.hiddenReason),
    app: review.app,
    reply: review.reply
      ? { body: review.reply.body, hidden: hiddenFor(review.reply.hiddenReason), updatedAt: review.reply.updatedAt.toISOString() }
      : null,
    openReports: review.openReports,
    reports: review.reports.map((report) => ({ ...report, createdAt: report.createdAt.toISOString() })),
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}
