import { and, eq, isNull, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { reviewReplies, reviewReports, reviews } from "@/db/schema";
import { getPublicAppId } from "@/lib/catalogue/queries";
import type { YaptureIdentity } from "@/lib/callers/identity";
import type { ModeratedPart, ReportReason } from "@/lib/core/enums";
import { ApiError, notFound } from "@/lib/core/errors";

import { emitReviewEvents } from "./events";

export type ReportInput = { part: ModeratedPart; reason: ReportReason; details?: string | null | undefined };

/**
 * A signed-in person reports a visible review of a public app, or its visible reply: once each
 * (409 the second time). A report hides nothing by itself (reports are easily weaponised): it puts
 * the review in the moderators' queue, ordered by how many reports are open and how old they are.
 */
export async function reportReview({
  slug,
  reviewId,
  reporter,
  input,
}: {
  slug: string;
  reviewId: string;
  reporter: YaptureIdentity;
  input: ReportInput;
}): Promise<{ id: string; createdAt: Date }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const appId = await getPublicAppId({ slug, tx });
    const [review] = await tx
      .select({ authorId: reviews.yaptureUserId, replyHiddenAt: reviewReplies.hiddenAt, replyId: reviewReplies.reviewId })
      .from(reviews)
      .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
      .where(and(eq(reviews.id, reviewId), eq(reviews.appId, appId), isNull(reviews.hiddenAt)))
      // Orders this report with the moderators' actions on the same review.
      .for("update", { of: reviews });
    if (!review) throw notFound("review");
    if (input.part === "reply" && (review.replyId === null || review.replyHiddenAt !== null)) throw notFound("reply");
    if (input.part === "review" && review.authorId === reporter.sub) throw new ApiError("forbidden", "you cannot report your own review");
    const [report] = await tx
      .insert(reviewReports)
      .values({ reviewId, part: input.part, reporterId: reporter.sub, reason: input.reason, details: input.details ?? null })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id, createdAt: reviewReports.createdAt });
    if (!report) throw new ApiError("conflict", `you already reported this ${input.part}`);
    await tx
      .update(reviews)
      .set({ openReports: sql`${reviews.openReports} + 1`, oldestOpenReportAt: sql`coalesce(${reviews.oldestOpenReportAt}, now())` })
      .where(eq(reviews.id, reviewId));
    await emitReviewEvents(tx, "review.reported", eq(reviews.id, reviewId), {
      report: { id: report.id, part: input.part, reason: input.reason },
    });
    return report;
  });
}
