import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { paginate, type Page } from "@/db/paginate";
import { apps, reviewReplies, reviewReports, reviews } from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import type { YaptureIdentity } from "@/lib/callers/identity";
import type { ModeratedPart, ReportReason } from "@/lib/core/enums";
import { ApiError, notFound } from "@/lib/core/errors";
import { type Paging } from "@/lib/core/paging";

import { reviewColumns, type ReviewFields } from "./columns";
import { emitReviewEvents } from "./events";
import { lockReviewedApp, moveReviewCounters } from "./counters";

// The administrators' moderation of customer reviews and publishers' replies: a queue of reported
// reviews (most open reports first, then the longest waiting), and the hidden ones to restore.
// Hiding or restoring a review moves its app's counters in the same transaction, under the app
// row's lock that every review write takes first; every action is in the audit log.

type Actor = Pick<YaptureIdentity, "sub" | "email">;
export type ModerationQueue = "reported" | "hidden";

export type ModerationRow = ReviewFields & {
  hiddenReason: string | null;
  openReports: number;
  app: { id: string; slug: string; name: string };
  reply: { body: string; hiddenReason: string | null; updatedAt: Date } | null;
  reports: { part: ModeratedPart; reason: ReportReason; details: string | null; createdAt: Date }[];
};

const QUEUES: Record<ModerationQueue, { where: () => SQL; order: () => SQL[] }> = {
  reported: {
    where: () => gt(reviews.openReports, 0),
    order: () => [desc(reviews.openReports), asc(reviews.oldestOpenReportAt), asc(reviews.id)],
  },
  hidden: {
    where: () => or(isNotNull(reviews.hiddenAt), isNotNull(reviewReplies.hiddenAt))!,
    order: () => [desc(sql`greatest(${reviews.hiddenAt}, ${reviewReplies.hiddenAt})`), asc(reviews.id)],
  },
};

/** Reviews with their app, reply and open reports, in `order`. */
async function moderationRows(db: Executor, where: SQL, order: SQL[], limit: number, offset: number): Promise<ModerationRow[]> {
  const rows = await db
    .select({
      review: { ...reviewColumns, hiddenReason: reviews.hiddenReason, openReports: reviews.openReports },
      app: { id: apps.id, slug: apps.slug, name: apps.name },
      replyBody: reviewReplies.body,
      replyHiddenReason: reviewReplies.hiddenReason,
      replyUpdatedAt: reviewReplies.updatedAt,
    })
    .from(reviews)
    .innerJoin(apps, eq(apps.id, reviews.appId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const ids = rows.map((row) => row.review.id);
  const reports =
    ids.length === 0
      ? []
      : await db
          .select({
            reviewId: reviewReports.reviewId,
            part: reviewReports.part,
            reason: reviewReports.reason,
            details: reviewReports.details,
            createdAt: reviewReports.createdAt,
          })
          .from(reviewReports)
          .where(and(isNull(reviewReports.closedAt), inArray(reviewReports.reviewId, ids)))
          .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id));
  return rows.map(({ review, app, replyBody, replyHiddenReason, replyUpdatedAt }) => ({
    ...review,
    app,
    reply: replyBody === null ? null : { body: replyBody, hiddenReason: replyHiddenReason, updatedAt: replyUpdatedAt! },
    reports: reports.filter((report) => report.reviewId === review.id).map(({ reviewId: _, ...report }) => report),
  }));
}

/** One page of the queue, each review with its app, its reply and its open reports. */
export async function listModerationQueue({ queue, paging }: { queue: ModerationQueue; paging: Paging }): Promise<Page<ModerationRow>> {
  const db = await getDb();
  const { where, order } = QUEUES[queue];
  return paginate(paging, {
    items: ({ limit, offset }) => moderationRows(db, where(), order(), limit, offset),
    total: async () => {
      const [row] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(reviews)
        .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
        .where(where());
      return row?.value ?? 0;
    },
  });
}

/** One review as the moderation queue shows it (the answer to an action), or 404. */
export async function getModerationRow(reviewId: string): Promise<ModerationRow> {
  const [row] = await moderationRows(await getDb(), eq(reviews.id, reviewId), [], 1, 0);
  if (!row) throw notFound("review");
  return row;
}

/** The review with its app's counter lock held: every moderation action starts here. */
async function lockedReview(tx: Executor, reviewId: string) {
  const [found] = await tx.select({ appId: reviews.appId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!found || !(await lockReviewedApp(tx, found.appId))) throw notFound("review");
  const [review] = await tx
    .select({
      id: reviews.id,
      appId: reviews.appId,
      rating: reviews.rating,
      verifiedInstall: reviews.verifiedInstall,
      hiddenAt: reviews.hiddenAt,
      updatedAt: reviews.updatedAt,
      appName: apps.name,
    })
    .from(reviews)
    .innerJoin(apps, eq(apps.id, reviews.appId))
    .where(eq(reviews.id, reviewId))
    .for("update", { of: reviews });
  if (!review) throw notFound("review");
  return review;
}

/** Closes the open reports of `part` (all parts when undefined) and recounts the review's open ones. */
async function closeReports(tx: Executor, reviewId: string, part?: ModeratedPart): Promise<number> {
  const closed = await tx
    .update(reviewReports)
    .set({ closedAt: sql`now()` })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.closedAt), part ? eq(reviewReports.part, part) : undefined))
    .returning({ id: reviewReports.id });
  await tx
    .update(reviews)
    .set({
      openReports: sql`(select count(*)::int from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.closedAt} is null)`,
      oldestOpenReportAt: sql`(select min(${reviewReports.createdAt}) from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.closedAt} is null)`,
    })
    .where(eq(reviews.id, reviewId));
  return closed.length;
}

const audit = (
  tx: Executor,
  actor: Actor,
  action: string,
  reviewId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) => recordAudit(tx, { actor, action, targetType: "review", targetId: reviewId, before, after });

/**
 * Hides the review (out of every public read and counter, its author shown `reason`) or its reply,
 * and closes the reports about it. 409 when it is hidden already: two moderators at once hide it once.
 */
export async function hideReviewPart({
  actor,
  reviewId,
  part,
  reason,
}: {
  actor: Actor;
  reviewId: string;
  part: ModeratedPart;
  reason: string;
}) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const review = await lockedReview(tx, reviewId);
    if (part === "review") {
      if (review.hiddenAt) throw new ApiError("invalid_state", "the review is hidden already");
      await tx
        .update(reviews)
        .set({ hiddenAt: sql`now()`, hiddenReason: reason })
        .where(eq(reviews.id, reviewId));
      await moveReviewCounters(tx, review.appId, { ...review, hidden: false }, { ...review, hidden: true });
    } else {
      const [reply] = await tx
        .update(reviewReplies)
        .set({ hiddenAt: sql`now()`, hiddenReason: reason })
        .where(and(eq(reviewReplies.reviewId, reviewId), isNull(reviewReplies.hiddenAt)))
        .returning({ reviewId: reviewReplies.reviewId });
      if (!reply) await replyMissingOr(tx, reviewId, "the reply is hidden already");
    }
    const closedReports = await closeReports(tx, reviewId, part);
    await emitReviewEvents(tx, "review.hidden", eq(reviews.id, reviewId), { part });
    await audit(tx, actor, `${part}.hide`, reviewId, { hidden: false }, { hidden: true, reason, closedReports, app: review.appName });
  });
}

/** What a restore is pinned to: the version of the review or reply the administrator read. */
const versionChanged = (part: ModeratedPart) =>
  new ApiError("version_changed", `the ${part} was edited since you read it: read it again before restoring it`);

/**
 * Shows a hidden review (back in its app's counters) or reply again, at the version the
 * administrator read (`version`, its `updatedAt`): its author may edit it while it is hidden, and
 * a restore must not publish words the administrator has not seen (409 `version_changed`). 409
 * `invalid_state` when it is not hidden.
 */
export async function restoreReviewPart({
  actor,
  reviewId,
  part,
  version,
}: {
  actor: Actor;
  reviewId: string;
  part: ModeratedPart;
  version: Date;
}) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const review = await lockedReview(tx, reviewId);
    if (part === "review") {
      if (!review.hiddenAt) throw new ApiError("invalid_state", "the review is not hidden");
      if (review.updatedAt.getTime() !== version.getTime()) throw versionChanged(part);
      await tx.update(reviews).set({ hiddenAt: null, hiddenReason: null }).where(eq(reviews.id, reviewId));
      await moveReviewCounters(tx, review.appId, { ...review, hidden: true }, { ...review, hidden: false });
    } else {
      // The review's lock is held, and a reply is only changed under it (lib/reviews/replies.ts).
      const [reply] = await tx
        .select({ hiddenAt: reviewReplies.hiddenAt, updatedAt: reviewReplies.updatedAt })
        .from(reviewReplies)
        .where(eq(reviewReplies.reviewId, reviewId));
      if (!reply) throw notFound("reply");
      if (!reply.hiddenAt) throw new ApiError("invalid_state", "the reply is not hidden");
      if (reply.updatedAt.getTime() !== version.getTime()) throw versionChanged(part);
      await tx.update(reviewReplies).set({ hiddenAt: null, hiddenReason: null }).where(eq(reviewReplies.reviewId, reviewId));
    }
    await emitReviewEvents(tx, "review.restored", eq(reviews.id, reviewId), { part });
    await audit(tx, actor, `${part}.restore`, reviewId, { hidden: true }, { hidden: false, version, app: review.appName });
  });
}

/** Closes every open report of the review without hiding anything. 409 when none is open. */
export async function dismissReports({ actor, reviewId }: { actor: Actor; reviewId: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const review = await lockedReview(tx, reviewId);
    const closedReports = await closeReports(tx, reviewId);
    if (closedReports === 0) throw new ApiError("invalid_state", "the review has no open reports");
    await audit(tx, actor, "review.dismiss_reports", reviewId, { openReports: closedReports }, { openReports: 0, app: review.appName });
  });
}

async function replyMissingOr(tx: Executor, reviewId: string, stateProblem: string): Promise<never> {
  const [reply] = await tx.select({ reviewId: reviewReplies.reviewId }).from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId));
  if (!reply) throw notFound("reply");
  throw new ApiError("invalid_state", stateProblem);
}
