import { and, asc, desc, eq, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { countRows, paginate, type Page } from "@/db/paginate";
import { apps, developers, reviews } from "@/db/schema";
import { getPublicAppId } from "@/lib/apps/public-queries";
import type { YaptureIdentity } from "@/lib/auth/identity";
import { ApiError, type Paging } from "@/lib/http";
import type { ReviewInput } from "@/lib/validation/public";

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

/** A public app's reviews, most recently written or edited first; 404 for apps that are not public. */
export async function listReviews({ slug, paging }: { slug: string; paging: Paging }): Promise<Page<PublicReviewFields>> {
  const db = await getDb();
  const appId = await getPublicAppId({ slug });
  return paginate(paging, {
    items: ({ limit, offset }) =>
      db.select(publicReviewColumns).from(reviews).where(eq(reviews.appId, appId)).orderBy(desc(reviews.updatedAt), asc(reviews.id)).limit(limit).offset(offset),
    total: () => countRows(db, reviews, eq(reviews.appId, appId)),
  });
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
