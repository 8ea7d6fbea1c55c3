import { eq, sql } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { apps } from "@/db/schema";

// The app's review counters (review_count, rating_sum, and the verified-install pair) count the
// reviews visitors see. Every write that changes what a review adds to them (written, replaced,
// deleted, hidden, restored) holds the app row's lock first (lockReviewedApp) and moves the
// counters by the difference in the same transaction, so they stay exact under any interleaving.

/** What one review adds to its app's counters: nothing while hidden. */
export type ReviewWeight = { rating: number; verifiedInstall: boolean; hidden: boolean };

const counted = (weight: ReviewWeight | null) => {
  if (!weight || weight.hidden) return { count: 0, sum: 0, verifiedCount: 0, verifiedSum: 0 };
  const verified = weight.verifiedInstall ? 1 : 0;
  return { count: 1, sum: weight.rating, verifiedCount: verified, verifiedSum: verified * weight.rating };
};

/** Moves the app's counters from what `before` added to what `after` adds (null: no review). */
export async function moveReviewCounters(
  tx: Executor,
  appId: string,
  before: ReviewWeight | null,
  after: ReviewWeight | null,
): Promise<void> {
  const [from, to] = [counted(before), counted(after)];
  const delta = {
    count: to.count - from.count,
    sum: to.sum - from.sum,
    verifiedCount: to.verifiedCount - from.verifiedCount,
    verifiedSum: to.verifiedSum - from.verifiedSum,
  };
  if (Object.values(delta).every((value) => value === 0)) return;
  await tx
    .update(apps)
    .set({
      reviewCount: sql`${apps.reviewCount} + ${delta.count}::int`,
      ratingSum: sql`${apps.ratingSum} + ${delta.sum}::int`,
      verifiedReviewCount: sql`${apps.verifiedReviewCount} + ${delta.verifiedCount}::int`,
      verifiedRatingSum: sql`${apps.verifiedRatingSum} + ${delta.verifiedSum}::int`,
    })
    .where(eq(apps.id, appId));
}

/** Takes the app row's lock that orders every change to its counters; false if the app is gone. */
export async function lockReviewedApp(tx: Executor, appId: string): Promise<boolean> {
  // "no key update" leaves concurrent installs' foreign-key checks (key share) unblocked.
  const [row] = await tx.select({ id: apps.id }).from(apps).where(eq(apps.id, appId)).for("no key update");
  return row !== undefined;
}
