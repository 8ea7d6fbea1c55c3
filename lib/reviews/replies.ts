import { and, desc, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { pageOf, type Page } from "@/db/paginate";
import { apps, developers, reviewReplies, reviews } from "@/db/schema";
import { enqueueEmail } from "@/lib/email/outbox";
import { ApiError, notFound } from "@/lib/core/errors";
import { type Paging } from "@/lib/core/paging";
import { offsetOf } from "@/lib/core/paging";
import { accessibleApp, type Access } from "@/lib/members/access";

import { reviewColumns, type ReviewFields } from "./columns";
import { nextVersionOf } from "./versions";

// A publisher answers the reviews of their own apps: one public reply per review, which they can
// edit or delete. A review (or reply) a moderator hid stays hidden through edits. Every query is
// scoped to the developer's own app: another developer's review is 404, as if it did not exist.

/** An app `access` reaches (within the member's and the key's app limits); any other is 404. */
type Owned = { access: Access; appId: string };

/** A review of one of the developer's apps as its publisher sees it: visible reviews, each with their reply. */
export type PublisherReviewRow = ReviewFields & {
  reply: { body: string; hiddenReason: string | null; createdAt: Date; updatedAt: Date } | null;
};

/** The visible reviews of the developer's app, newest first, with the developer's reply to each. */
export async function listPublisherReviews({ access, appId, paging }: Owned & { paging: Paging }): Promise<Page<PublisherReviewRow>> {
  const db = await getDb();
  const [app] = await db
    .select({ reviewCount: apps.reviewCount })
    .from(apps)
    .where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!app) throw notFound("app");
  const rows = await db
    .select({
      ...reviewColumns,
      replyBody: reviewReplies.body,
      replyHiddenReason: reviewReplies.hiddenReason,
      replyCreatedAt: reviewReplies.createdAt,
      replyUpdatedAt: reviewReplies.updatedAt,
    })
    .from(reviews)
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(and(eq(reviews.appId, appId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.updatedAt), asc(reviews.id))
    .limit(paging.limit)
    .offset(offsetOf(paging));
  return pageOf(
    paging,
    rows.map(({ replyBody, replyHiddenReason, replyCreatedAt, replyUpdatedAt, ...review }) => ({
      ...review,
      reply:
        replyBody === null
          ? null
          : { body: replyBody, hiddenReason: replyHiddenReason, createdAt: replyCreatedAt!, updatedAt: replyUpdatedAt! },
    })),
    app.reviewCount,
  );
}

/** The visible review `reviewId` of the developer's app, locked for the reply's change; 404 otherwise. */
async function ownAppReview(tx: Executor, { access, appId }: Owned, reviewId: string) {
  const [review] = await tx
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      appName: apps.name,
      slug: apps.slug,
      publisherName: sql<string>`coalesce(${developers.companyName}, ${developers.name})`,
    })
    .from(reviews)
    .innerJoin(apps, eq(apps.id, reviews.appId))
    .innerJoin(developers, eq(developers.id, apps.developerId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.appId, appId), accessibleApp(access), isNull(reviews.hiddenAt)))
    .for("update", { of: reviews });
  if (!review) throw notFound("review");
  return review;
}

type ReplyResult = { body: string; hiddenReason: string | null; createdAt: Date; updatedAt: Date };

const replyColumns = {
  body: reviewReplies.body,
  hiddenReason: reviewReplies.hiddenReason,
  createdAt: reviewReplies.createdAt,
  updatedAt: reviewReplies.updatedAt,
};

/** The developer's reply to a review of their app; the reviewer is emailed once per review, ever. A second reply is 409. */
export async function createReply({ reviewId, body, ...owned }: Owned & { reviewId: string; body: string }): Promise<ReplyResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const review = await ownAppReview(tx, owned, reviewId);
    const [reply] = await tx
      .insert(reviewReplies)
      .values({ reviewId, developerId: owned.access.developerId, body })
      .onConflictDoNothing()
      .returning(replyColumns);
    if (!reply) throw new ApiError("conflict", "this review already has your reply: change it with PUT, or delete it first");
    // Once per review: a reply deleted and posted again must not email the reviewer again.
    const [notified] = await tx
      .update(reviews)
      .set({ replyNotifiedAt: sql`now()` })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.replyNotifiedAt), isNotNull(reviews.reviewerEmail)))
      .returning({ to: reviews.reviewerEmail });
    if (notified?.to) {
      await enqueueEmail({
        tx,
        to: notified.to,
        type: "REVIEW_REPLIED",
        reviewerName: review.authorName,
        appName: review.appName,
        slug: review.slug,
        publisherName: review.publisherName,
      });
    }
    return reply;
  });
}

/** Changes the developer's reply (a hidden one stays hidden); 404 when there is none. */
export async function updateReply({ reviewId, body, ...owned }: Owned & { reviewId: string; body: string }): Promise<ReplyResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await ownAppReview(tx, owned, reviewId);
    const [reply] = await tx
      .update(reviewReplies)
      .set({ body, updatedAt: nextVersionOf("review_replies") })
      .where(eq(reviewReplies.reviewId, reviewId))
      .returning(replyColumns);
    if (!reply) throw notFound("reply");
    return reply;
  });
}

/**
 * Deletes the developer's reply; 404 when there is none. A reply a moderator hid cannot be deleted
 * (409): a new one would be visible, undoing the moderator's decision.
 */
export async function deleteReply({ reviewId, ...owned }: Owned & { reviewId: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await ownAppReview(tx, owned, reviewId);
    const [reply] = await tx.select({ hiddenAt: reviewReplies.hiddenAt }).from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId));
    if (!reply) throw notFound("reply");
    if (reply.hiddenAt) throw new ApiError("invalid_state", "a moderator hid this reply: it cannot be deleted, but you can still edit it");
    await tx.delete(reviewReplies).where(eq(reviewReplies.reviewId, reviewId));
  });
}
