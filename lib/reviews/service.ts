import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { pageOf, type Page } from "@/db/paginate";
import { builtOnce } from "@/db/statements";
import { apps, developers, reviews } from "@/db/schema";
import { getPublicAppId } from "@/lib/apps/public-queries";
import type { YaptureIdentity } from "@/lib/auth/identity";
import { ApiError, notFound, type Paging } from "@/lib/http";
import { offsetOf } from "@/lib/http/paging";
import type { ReviewInput, ReviewSort } from "@/lib/validation/public";

import { publicAuthorName } from "./author";
import type { PublicReviewFields } from "./views";

const publicReviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  authorName: reviews.authorName,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
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
 * count per request) and one page of its reviews beside it: one round trip instead of three. Built
 * once per database and sort, then only executed (as the public app lists are).
 */
function reviewsStatement(db: Executor, sort: ReviewSort): ReviewsStatement {
  return builtOnce("public-reviews-statements", db, sort, () => {
    const page = db
      .select(publicReviewColumns)
      .from(reviews)
      .where(eq(reviews.appId, apps.id))
      .orderBy(...REVIEW_ORDER[sort](reviews))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page");
    const { id, rating, title, body, authorName, createdAt, updatedAt } = page;
    return db
      .select({ total: apps.reviewCount, review: { id, rating, title, body, authorName, createdAt, updatedAt } })
      .from(apps)
      .leftJoinLateral(page, sql`true`)
      .where(and(apps.public, eq(apps.slug, sql.placeholder("slug"))))
      .orderBy(...REVIEW_ORDER[sort](page))
      .prepare(`public_reviews_${sort}`) as unknown as ReviewsStatement;
  });
}

/** A public app's reviews (most recently written or edited first by default); 404 for apps that are not public. */
export async function listReviews({
  slug,
  paging,
  sort = "newest",
}: {
  slug: string;
  paging: Paging;
  sort?: ReviewSort;
}): Promise<Page<PublicReviewFields>> {
  const rows = await reviewsStatement(await getDb(), sort).execute({ slug, limit: paging.limit, offset: offsetOf(paging) });
  // No row: no public app by that slug. A page past the end is one row without a review.
  if (rows.length === 0) throw notFound("app");
  return pageOf(
    paging,
    rows.flatMap((row) => (row.review ? [row.review] : [])),
    rows[0]!.total,
  );
}

/**
 * Creates the reviewer's review of a public app, or replaces it (one per user per app), and keeps
 * `review_count` and `rating_sum` exact in the same transaction.
 */
export async function upsertReview({
  slug,
  reviewer,
  input,
}: {
  slug: string;
  reviewer: YaptureIdentity;
  input: ReviewInput;
}): Promise<{ review: PublicReviewFields; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Locking the app row queues concurrent reviews of this app, so the previous rating read
    // below is still the one the upsert replaces: no lost or double-counted rating.
    const appId = await getPublicAppId({ slug, tx, lock: true });
    const [owner] = await tx
      .select({ yaptureUserId: developers.yaptureUserId })
      .from(apps)
      .innerJoin(developers, eq(developers.id, apps.developerId))
      .where(eq(apps.id, appId));
    if (owner?.yaptureUserId === reviewer.sub) throw new ApiError("forbidden", "developers cannot review their own apps");
    const [previous] = await tx
      .select({ rating: reviews.rating })
      .from(reviews)
      .where(and(eq(reviews.appId, appId), eq(reviews.yaptureUserId, reviewer.sub)));
    const content = {
      authorName: publicAuthorName(reviewer),
      rating: input.rating,
      title: input.title ?? null,
      body: input.body ?? null,
    };
    const [review] = await tx
      .insert(reviews)
      .values({ appId, yaptureUserId: reviewer.sub, ...content })
      // clock_timestamp(), not now(): after waiting for the lock, the transaction's start time may
      // precede the createdAt of the review being replaced.
      .onConflictDoUpdate({ target: [reviews.appId, reviews.yaptureUserId], set: { ...content, updatedAt: sql`clock_timestamp()` } })
      .returning(publicReviewColumns);
    await tx
      .update(apps)
      .set(
        previous
          ? { ratingSum: sql`${apps.ratingSum} + ${input.rating - previous.rating}::int` }
          : { reviewCount: sql`${apps.reviewCount} + 1`, ratingSum: sql`${apps.ratingSum} + ${input.rating}::int` },
      )
      .where(eq(apps.id, appId));
    return { review: review!, created: !previous };
  });
}

/** How many reviews gave each number of stars: `[5★, 4★, 3★, 2★, 1★]`. */
export async function ratingHistogram(slug: string): Promise<number[]> {
  const db = await getDb();
  const appId = await getPublicAppId({ slug });
  const rows = await db
    .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(eq(reviews.appId, appId))
    .groupBy(reviews.rating);
  return [5, 4, 3, 2, 1].map((stars) => Number(rows.find((row) => row.rating === stars)?.count ?? 0));
}

/** The reviewer's own review of a public app, if they wrote one. */
export async function findOwnReview({ slug, reviewerId }: { slug: string; reviewerId: string }): Promise<PublicReviewFields | undefined> {
  const db = await getDb();
  const appId = await getPublicAppId({ slug });
  const [review] = await db
    .select(publicReviewColumns)
    .from(reviews)
    .where(and(eq(reviews.appId, appId), eq(reviews.yaptureUserId, reviewerId)));
  return review;
}

/** Deletes the reviewer's own review and takes it out of the app's counters, in one transaction; 404 if there is none. */
export async function deleteOwnReview({ slug, reviewer }: { slug: string; reviewer: YaptureIdentity }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const appId = await getPublicAppId({ slug, tx, lock: true });
    const [removed] = await tx
      .delete(reviews)
      .where(and(eq(reviews.appId, appId), eq(reviews.yaptureUserId, reviewer.sub)))
      .returning({ rating: reviews.rating });
    if (!removed) throw notFound("review");
    await tx
      .update(apps)
      .set({ reviewCount: sql`${apps.reviewCount} - 1`, ratingSum: sql`${apps.ratingSum} - ${removed.rating}::int` })
      .where(eq(apps.id, appId));
  });
}
