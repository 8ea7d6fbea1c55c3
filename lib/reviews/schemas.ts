import { z } from "zod";

import { APP_REVIEW_LIMITS, REVIEW_REPLY_LIMITS, REVIEW_REPORT_LIMITS } from "@/lib/core/app-review-limits";
import { MODERATED_PARTS, REPORT_REASONS } from "@/lib/core/enums";
import { pagingQuery } from "@/lib/core/paging";
import { caseInsensitive, oneOf, optionalText, trimmedText } from "@/lib/validation/common";
import { id, timestamp } from "@/lib/validation/shared";

// The bodies and answers of customer reviews: the public's, the publisher's replies and the
// administrators' moderation.

// --- requests ---------------------------------------------------------------

const { page, limit } = pagingQuery({ defaultLimit: 20, maxLimit: 100 });

/** GET /api/apps/:slug/reviews */
const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const listReviewsQuery = z.object({
  sort: z
    .preprocess(caseInsensitive("lower"), z.enum(REVIEW_SORTS, oneOf(REVIEW_SORTS)))
    .default("newest")
    .meta({ description: "`newest` (last written or edited first, the default), `highest` or `lowest` rating first." }),
  verified: z
    .stringbool({ truthy: ["true"], falsy: ["false"], error: "must be true or false" })
    .optional()
    .meta({ description: "`true`: only reviews written after an install into one of the author's workspaces (`verifiedInstall`)." }),
  page: page.meta({ description: "Page number, from 1." }),
  limit: limit.meta({ description: "Reviews per page, 1–100." }),
});

/** POST /api/apps/:slug/reviews */
export const reviewBody = z.strictObject({
  rating: z
    .number({ error: "must be a whole number from 1 to 5" })
    .int({ error: "must be a whole number from 1 to 5" })
    .min(1, { error: "must be at least 1" })
    .max(5, { error: "must be at most 5" })
    .meta({ description: "Stars, 1–5." }),
  title: optionalText(APP_REVIEW_LIMITS.title).meta({ description: `Optional headline, at most ${APP_REVIEW_LIMITS.title} characters.` }),
  body: optionalText(APP_REVIEW_LIMITS.body).meta({ description: `Optional text, at most ${APP_REVIEW_LIMITS.body} characters.` }),
});
export type ReviewInput = z.infer<typeof reviewBody>;
/** Fields a client might try to set on a review; named as read-only rather than unknown. */
export const REVIEW_READ_ONLY_FIELDS = ["author", "authorName", "yaptureUserId", "appId"] as const;

/** POST /api/apps/:slug/reviews/:reviewId/reports */
export const reportBody = z
  .strictObject({
    part: z
      .enum(MODERATED_PARTS, oneOf(MODERATED_PARTS))
      .default("review")
      .meta({ description: "What is reported: the review (the default) or the publisher's reply to it." }),
    reason: z.enum(REPORT_REASONS, oneOf(REPORT_REASONS)).meta({ description: "Why." }),
    details: optionalText(REVIEW_REPORT_LIMITS.details).meta({
      description: `What is wrong, at most ${REVIEW_REPORT_LIMITS.details} characters; required with \`OTHER\`.`,
    }),
  })
  .superRefine((report, context) => {
    if (report.reason === "OTHER" && !report.details) {
      context.addIssue({ code: "custom", path: ["details"], message: "say what is wrong when the reason is OTHER" });
    }
  });

/** POST and PUT /api/dev/apps/:id/reviews/:reviewId/reply */
export const replyBody = z.strictObject({
  body: trimmedText(1, REVIEW_REPLY_LIMITS.body).meta({ description: `The public reply, at most ${REVIEW_REPLY_LIMITS.body} characters.` }),
});

/** GET /api/dev/apps/:id/reviews */
export const publisherReviewsQuery = z.object({ ...pagingQuery() });

/** GET /api/admin/reviews: the reported reviews (the default) or the hidden ones. */
export const moderationQuery = z.object({
  queue: z.enum(["reported", "hidden"]).default("reported").meta({ description: "`reported` (most open reports first) or `hidden`." }),
  ...pagingQuery(),
});
/** Bounds of a moderator's reason for hiding a review or reply: shown to its author. */
export const MODERATION_LIMITS = { reason: 500 } as const;
const moderatedPart = z.enum(MODERATED_PARTS).default("review").meta({ description: "The review (the default) or its reply." });
export const hideBody = z.strictObject({ part: moderatedPart, reason: trimmedText(1, MODERATION_LIMITS.reason) });
export const restoreBody = z.strictObject({
  part: moderatedPart,
  expectedUpdatedAt: z.iso
    .datetime({ precision: 3, error: "must be the updatedAt you read, as the API shows it (e.g. 2026-11-22T10:00:00.000Z)" })
    .transform((value) => new Date(value))
    .meta({
      description:
        "The `updatedAt` of the review (or of its reply, with `part: reply`) as you read it. Its author can edit it while it is " +
        "hidden; if they did since, nothing is restored: 409 `version_changed`.",
      example: "2026-11-22T10:00:00.000Z",
    }),
});

// --- answers ----------------------------------------------------------------

/** What every view of a customer review shows of it. */
const reviewFields = {
  id,
  rating: z.number().int().min(1).max(5),
  title: z.string().nullable(),
  body: z.string().nullable(),
  author: z.object({ name: z.string() }).strict(),
  verifiedInstall: z.boolean().meta({ description: "The author had installed the app into one of their workspaces when they wrote this." }),
};

export const publicReviewSchema = z
  .object({
    ...reviewFields,
    reply: z
      .object({ body: z.string(), createdAt: timestamp, updatedAt: timestamp })
      .strict()
      .nullable()
      .meta({ description: "The publisher's public reply, if any." }),
    hidden: z
      .object({ reason: z.string() })
      .strict()
      .nullable()
      .meta({ description: "Only in the answer to the review's author: a moderator hid it, for this reason. Always null in lists." }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "Review" });

const moderatedReply = z
  .object({
    body: z.string(),
    hidden: z
      .object({ reason: z.string() })
      .strict()
      .nullable()
      .meta({ description: "A moderator hid it from the public, for this reason." }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();

/** A review of one of the developer's apps, with their reply. */
export const publisherReviewSchema = z
  .object({
    ...reviewFields,
    reply: moderatedReply.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "PublisherReview" });

export const reviewReplySchema = moderatedReply.meta({ id: "ReviewReply" });

export const reviewReportSchema = z.object({ id, createdAt: timestamp }).strict().meta({ id: "ReviewReport" });

/** A review in the administrators' moderation queue. */
export const moderationReviewSchema = z
  .object({
    ...reviewFields,
    hidden: z.object({ reason: z.string() }).strict().nullable(),
    app: z.object({ id, slug: z.string(), name: z.string() }).strict(),
    reply: moderatedReply.omit({ createdAt: true }).nullable(),
    openReports: z.number().int(),
    reports: z
      .array(
        z
          .object({
            part: z.enum(MODERATED_PARTS),
            reason: z.enum(REPORT_REASONS),
            details: z.string().nullable(),
            createdAt: timestamp,
          })
          .strict(),
      )
      .meta({ description: "The open reports, oldest first; reporters are never named." }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "ModerationReview" });

export type PublicReviewResource = z.infer<typeof publicReviewSchema>;
export type PublisherReviewResource = z.infer<typeof publisherReviewSchema>;
export type ReviewReplyResource = z.infer<typeof reviewReplySchema>;
export type ModerationReviewResource = z.infer<typeof moderationReviewSchema>;
