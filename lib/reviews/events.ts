import { eq, type SQL } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { apps, reviewReplies, reviews } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit";
import type { EventType } from "@/lib/events/types";

import { reviewColumns } from "./columns";
import { publisherReviewView } from "./views";

/**
 * The events of the reviews that `where` selects, each as its publisher's API shows it
 * (`publisherReviewView`: never the author's Yapture id or email), in the caller's transaction.
 * A deletion is emitted before its DELETE, while the row can still be read.
 */
export async function emitReviewEvents(tx: Executor, type: EventType, where: SQL, extra: Record<string, unknown> = {}): Promise<void> {
  const rows = await tx
    .select({
      ...reviewColumns,
      app: { id: apps.id, slug: apps.slug, name: apps.name, developerId: apps.developerId },
      hiddenReason: reviews.hiddenReason,
      reply: {
        body: reviewReplies.body,
        hiddenReason: reviewReplies.hiddenReason,
        createdAt: reviewReplies.createdAt,
        updatedAt: reviewReplies.updatedAt,
      },
    })
    .from(reviews)
    .innerJoin(apps, eq(apps.id, reviews.appId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(where);
  for (const { app, hiddenReason, ...review } of rows) {
    const { developerId, ...appFields } = app;
    await emitEvent(tx, {
      developerId,
      appId: app.id,
      type,
      data: {
        app: appFields,
        review: { ...publisherReviewView(review), hidden: hiddenReason === null ? null : { reason: hiddenReason } },
        ...extra,
      },
    });
  }
}
