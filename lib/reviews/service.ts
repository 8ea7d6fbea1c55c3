import { and, asc, desc, eq, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { pageOf, type Page } from "@/db/paginate";
import { builtOnce } from "@/db/statements";
import { apps, publisherMembers, installs, reviewReplies, reviews } from "@/db/schema";
import { getPublicAppId } from "@/lib/catalogue/queries";
import type { YaptureIdentity } from "@/lib/callers/identity";
import { ApiError, notFound } from "@/lib/core/errors";
import { type Paging, offsetOf } from "@/lib/core/paging";
import type { ReviewInput, ReviewSort } from "./schemas";

import { emitReviewEvents } from "./events";
import { publicAuthorName } from "./author";
import { nextVersionOf } from "./versions";
import { reviewColumns } from "./columns";
import { moveReviewCounters } from "./counters";
import type { OwnReviewFields, PublicReviewFields } from "./views";

/** The publisher's reply as the public sees it: none while a moderator has it hidden. */
const visibleReply = and(eq(reviewReplies.reviewId, reviews.id), isNull(reviewReplies.hiddenAt));
// Named apart from the review's own columns: the public list selects both in one subquery.
const replyColumns = {
  replyBody: sql<string | null>`${reviewReplies.body}`.as("reply_body"),
  replyCreatedAt: sql<Date | null>`${reviewReplies.createdAt}`.mapWith(reviewReplies.createdAt).as("reply_created_at"),
  replyUpdatedAt: sql<Date | null>`${reviewReplies.updatedAt}`.mapWith(reviewReplies.updatedAt).as("reply_updated_at"),
};

type ReviewOrderColumns = { rating: AnyColumn; updatedAt: AnyColumn; id: AnyColumn };
const REVIEW_ORDER: Record<ReviewSort, (columns: ReviewOrderColumns) => SQL[]> = {
  newest: ({ updatedAt, id }) => [desc(updatedAt), asc(id)],
  highest: ({ rating, updatedAt, id }) => [desc(rating), desc(updatedAt), asc(id)],
  lowest: ({ rating, updatedAt, id }) => [asc(rating), desc(updatedAt), asc(id)],
};

type ReviewsRow = { total: number; review: PublicReviewFields | null };
type ReviewsStatement = { execute: (values: { slug: string; limit: number; offset: number }) => Promise<ReviewsRow[]> };

/**
 * The public app by slug, its review count as the total (kept exact by the writes below, so no
 * count per request) and one page of its visible reviews beside it, each with the publisher's
 * reply: one round trip instead of three. Built once per database, sort and filter, then only
 * executed (as the public app lists are).
 */
function reviewsStatement(db: Executor, sort: ReviewSort, verifiedOnly: boolean): ReviewsStatement {
  const key = `${sort}${verifiedOnly ? "_verified" : ""}`;
  return builtOnce("public-reviews-statements", db, key, () => {
    const page = db
      .select({ ...reviewColumns, ...replyColumns })
      .from(reviews)
      .leftJoin(reviewReplies, visibleReply)
      .where(and(eq(reviews.appId, apps.id), isNull(reviews.hiddenAt), verifiedOnly ? eq(reviews.verifiedInstall, true) : undefined))
      .orderBy(...REVIEW_ORDER[sort](reviews))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page");
    const { id, rating, title, body, authorName, verifiedInstall, createdAt, updatedAt, replyBody, replyCreatedAt, replyUpdatedAt } = page;
    return db
      .select({
        total: verifiedOnly ? apps.verifiedReviewCount : apps.reviewCount,
        review: { id, rating, title, body, authorName, verifiedInstall, createdAt, updatedAt, replyBody, replyCreatedAt, replyUpdatedAt },
      })
      .from(apps)
      .leftJoinLateral(page, sql`true`)
      .where(and(apps.public, eq(apps.slug, sql.placeholder("slug"))))
      .orderBy(...REVIEW_ORDER[sort](page))
      .prepare(`public_reviews_${key}`) as unknown as ReviewsStatement;
  });
}

/**
 * A public app's reviews (most recently written or edited first by default), only those written
 * after an install with `verifiedOnly`; 404 for apps that are not public.
 */
export async function listReviews({
  slug,
  paging,
  sort = "newest",
  verifiedOnly = false,
}: {
  slug: string;
  paging: Paging;
  sort?: ReviewSort;
  verifiedOnly?: boolean;
}): Promise<Page<PublicReviewFields>> {
  const statement = reviewsStatement(await getDb(), sort, verifiedOnly);
  const rows = await statement.execute({ slug, limit: paging.limit, offset: offsetOf(paging) });
  // No row: no public app by that slug. A page past the end is one row without a review.
  if (rows.length === 0) throw notFound("app");
  return pageOf(
    paging,
    rows.flatMap((row) => (row.review ? [row.review] : [])),
    rows[0]!.total,
  );
}

/** The reviewer's review with the publisher's visible reply and, for its author, a moderator's hiding. */
async function ownReview(db: Executor, where: SQL): Promise<OwnReviewFields | undefined> {
  const [review] = await db
    .select({ ...reviewColumns, ...replyColumns, hiddenReason: reviews.hiddenReason })
    .from(reviews)
    .leftJoin(reviewReplies, visibleReply)
    .where(where);
  return review;
}

/**
 * Creates the reviewer's review of a public app, or replaces it (one per user per app), and keeps
 * the app's counters exact in the same transaction. The review is a verified install when the
 * reviewer had installed the app into one of their workspaces; a review a moderator hid stays hidden.
 */
export async function upsertReview({
  slug,
  reviewer,
  input,
}: {
  slug: string;
  reviewer: YaptureIdentity;
  input: ReviewInput;
}): Promise<{ review: OwnReviewFields; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Locking the app row queues concurrent reviews of this app, so the previous rating read
    // below is still the one the upsert replaces: no lost or double-counted rating.
    const appId = await getPublicAppId({ slug, tx, lock: true });
    // Every member of the publishing account made the app: none of them reviews it.
    const [maker] = await tx
      .select({ id: publisherMembers.id })
      .from(apps)
      .innerJoin(publisherMembers, eq(publisherMembers.developerId, apps.developerId))
      .where(and(eq(apps.id, appId), eq(publisherMembers.yaptureUserId, reviewer.sub)));
    if (maker) throw new ApiError("forbidden", "developers cannot review their own apps (nor their developer account's)");
    const [previous] = await tx
      .select({ rating: reviews.rating, verifiedInstall: reviews.verifiedInstall, hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(and(eq(reviews.appId, appId), eq(reviews.yaptureUserId, reviewer.sub)));
    const installed = await tx
      .select({ one: sql`1` })
      .from(installs)
      .where(and(eq(installs.appId, appId), eq(installs.installedBy, reviewer.sub)))
      .limit(1);
    const content = {
      authorName: publicAuthorName(reviewer),
      rating: input.rating,
      title: input.title ?? null,
      body: input.body ?? null,
      verifiedInstall: installed.length > 0,
      reviewerEmail: reviewer.emailVerified ? reviewer.email : null,
    };
    const [written] = await tx
      .insert(reviews)
      .values({ appId, yaptureUserId: reviewer.sub, ...content })
      // clock_timestamp(), not now(): after waiting for the lock, the transaction's start time may
      // precede the createdAt of the review being replaced. Strictly after the last version, to the
      // millisecond the views show: a moderator's restore is pinned to the version they read.
      .onConflictDoUpdate({ target: [reviews.appId, reviews.yaptureUserId], set: { ...content, updatedAt: nextVersionOf("reviews") } })
      .returning({ id: reviews.id });
    const hidden = Boolean(previous?.hiddenAt);
    await moveReviewCounters(tx, appId, previous ? { rating: previous.rating, verifiedInstall: previous.verifiedInstall, hidden } : null, {
      rating: content.rating,
      verifiedInstall: content.verifiedInstall,
      hidden,
    });
    await emitReviewEvents(tx, previous ? "review.updated" : "review.created", eq(reviews.id, written!.id));
    return { review: (await ownReview(tx, eq(reviews.id, written!.id)))!, created: !previous };
  });
}

/** How many reviews gave each number of stars: `[5★, 4★, 3★, 2★, 1★]`. */
export async function ratingHistogram(slug: string): Promise<number[]> {
  const db = await getDb();
  const appId = await getPublicAppId({ slug });
  const rows = await db
    .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.appId, appId), isNull(reviews.hiddenAt)))
    .groupBy(reviews.rating);
  return [5, 4, 3, 2, 1].map((stars) => Number(rows.find((row) => row.rating === stars)?.count ?? 0));
}

/** How many visible reviews were written after an install, and their average rating (null without any). */
export async function verifiedRating(slug: string): Promise<{ count: number; average: number | null }> {
  const db = await getDb();
  const [row] = await db
    .select({ count: apps.verifiedReviewCount, sum: apps.verifiedRatingSum })
    .from(apps)
    .where(and(apps.public, eq(apps.slug, slug)));
  if (!row) throw notFound("app");
  return { count: row.count, average: row.count === 0 ? null : Math.round((row.sum / row.count) * 100) / 100 };
}

/** The reviewer's own review of a public app, if they wrote one (hidden or not: its author is told why). */
export async function findOwnReview({ slug, reviewerId }: { slug: string; reviewerId: string }): Promise<OwnReviewFields | undefined> {
  const db = await getDb();
  const appId = await getPublicAppId({ slug });
  return ownReview(db, and(eq(reviews.appId, appId), eq(reviews.yaptureUserId, reviewerId))!);
}

/** Deletes the reviewer's own review and takes it out of the app's counters, in one transaction; 404 if there is none. */
export async function deleteOwnReview({ slug, reviewer }: { slug: string; reviewer: YaptureIdentity }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const appId = await getPublicAppId({ slug, tx, lock: true });
    // A review a moderator hid stays (hidden): deleting it would let its author write it again, visible.
    await emitReviewEvents(
      tx,
      "review.deleted",
      and(eq(reviews.appId, appId), eq(reviews.yaptureUserId, reviewer.sub), isNull(reviews.hiddenAt))!,
    );
    const [removed] = await tx
      .delete(reviews)
      .where(and(eq(reviews.appId, appId), eq(reviews.yaptureUserId, reviewer.sub), isNull(reviews.hiddenAt)))
      .returning({ rating: reviews.rating, verifiedInstall: reviews.verifiedInstall, hiddenAt: reviews.hiddenAt });
    if (!removed) {
      if (await ownReview(tx, and(eq(reviews.appId, appId), eq(reviews.yaptureUserId, reviewer.sub))!)) {
        throw new ApiError(
          "invalid_state",
          "a moderator hid this review: it is shown to no one else and cannot be deleted, but you can still edit it",
        );
      }
      throw notFound("review");
    }
    await moveReviewCounters(tx, appId, { ...removed, hidden: removed.hiddenAt !== null }, null);
  });
}
