import { z } from "zod";

import {
  API_KEY_SCOPES,
  APP_CATEGORIES,
  APP_ENVIRONMENTS,
  APP_STATUSES,
  DEVELOPER_STATUSES,
  EMAIL_STATUSES,
  EMAIL_TYPES,
  MODERATED_PARTS,
  PROFILE_CHANGE_STATUSES,
  PUBLIC_PROFILE_FIELDS,
  REPORT_REASONS,
  APPROVAL_CRITERIA,
  REVISION_STATUSES,
} from "@/lib/core/enums";
import { ERROR_CODES } from "@/lib/core/errors";

import { EDITABLE_FIELDS, PRIVATE_FIELDS, PUBLIC_FIELDS, READING_ORDER, shapeOf, type EditableField } from "./listing-fields";
import { screenshotSchema } from "./listing-rules";

// The shapes the API answers with. View functions are typed by these (so a view cannot drift
// from its documentation), and the OpenAPI document and the contract tests are generated from them.

const timestamp = z.iso.datetime().meta({ example: "2026-11-22T10:00:00.000Z" });
const nullableTimestamp = timestamp.nullable();
const id = z.uuid();

export const problemSchema = z
  .object({
    type: z.string().meta({ description: "A URL naming the error code." }),
    title: z.string(),
    status: z.number().int(),
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    detail: z.string(),
    errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })).optional(),
    requestId: z.string(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details; `code` is stable and machine-readable." });

const profileFieldChangeSchema = z
  .object({ field: z.enum(PUBLIC_PROFILE_FIELDS), before: z.string().nullable(), after: z.string().nullable() })
  .strict()
  .meta({ id: "ProfileFieldChange" });

/** A verified developer's change of the public profile, as its developer sees it. */
const profileChangeFields = {
  id,
  name: z.string(),
  companyName: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  bio: z.string().nullable(),
  changes: z
    .array(profileFieldChangeSchema)
    .meta({ description: "Each field the change sets, with its public (before) and proposed (after) value." }),
  reason: z.string().nullable().meta({ description: "Why an administrator rejected the change." }),
  submittedAt: timestamp,
  decidedAt: nullableTimestamp,
};

const profileChangeSchema = z
  .object({ ...profileChangeFields, status: z.enum(["PENDING", "REJECTED"]) })
  .strict()
  .meta({
    id: "ProfileChange",
    description:
      "The developer's latest change of the public profile while it waits for review (PENDING) or after it was rejected (REJECTED); " +
      "until it is approved the marketplace shows the verified values (the profile's own fields).",
  });

const developerFields = {
  id,
  name: z.string(),
  email: z.string(),
  yaptureUserId: z.string(),
  companyName: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  bio: z.string().nullable(),
  status: z.enum(DEVELOPER_STATUSES),
  statusReason: z
    .string()
    .nullable()
    .meta({ description: "Why an administrator rejected or suspended the account; kept while a resubmitted account waits." }),
  resubmittedAt: nullableTimestamp.meta({ description: "When the developer last asked for another review after a rejection." }),
  verifiedAt: nullableTimestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
};

export const developerProfileSchema = z
  .object({
    ...developerFields,
    profileChange: profileChangeSchema
      .nullable()
      .meta({ description: "A change of the public profile waiting for review, or the last one rejected; null otherwise." }),
  })
  .strict()
  .meta({ id: "DeveloperProfile" });

export const adminDeveloperSchema = z.object(developerFields).strict().meta({ id: "AdminDeveloper" });

const apiKeyFields = {
  id,
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  maskedKey: z.string().meta({ example: "mkp_Ab3d…x9Yz" }),
  createdAt: timestamp,
  expiresAt: nullableTimestamp,
  lastUsedAt: nullableTimestamp,
};
export const apiKeySchema = z
  .object({ ...apiKeyFields, status: z.enum(["ACTIVE", "EXPIRED"]) })
  .strict()
  .meta({ id: "ApiKey" });
export const createdApiKeySchema = z
  .object({ ...apiKeyFields, key: z.string().meta({ description: "The full key. Shown in this response only; store it now." }) })
  .strict()
  .meta({ id: "CreatedApiKey" });

const rejectionSchema = z
  .object({
    reasons: z.array(z.object({ criterion: z.enum(APPROVAL_CRITERIA), message: z.string() }).strict()),
    message: z.string().nullable(),
    rejectedAt: timestamp,
  })
  .strict()
  .meta({ id: "Rejection" });

const listingFields = {
  slug: z.string(),
  ...shapeOf(PUBLIC_FIELDS, "response"),
  featured: z.boolean(),
  installCount: z.number().int(),
};

const changelogSchema = z
  .array(z.object({ version: z.number().int(), notes: z.string(), publishedAt: timestamp }).strict().meta({ id: "ChangelogEntry" }))
  .meta({ description: "One entry per approved update, newest first; empty until the first update." });

/** Versioning, in every view of an app. */
const versionFields = {
  version: z.number().int().meta({ description: "1 until the first approved update; each approved update adds one." }),
  changelog: changelogSchema,
};

export const developerAppSchema = z
  .object({
    id,
    ...listingFields,
    ...versionFields,
    ...shapeOf(PRIVATE_FIELDS, "response"),
    status: z.enum(APP_STATUSES),
    revision: z
      .object({ id, status: z.enum(REVISION_STATUSES) })
      .strict()
      .nullable()
      .meta({ description: "The update being prepared or reviewed (APPROVED and UNPUBLISHED apps only), if any." }),
    rejection: rejectionSchema.nullable(),
    /** Why an administrator took the listing out of the marketplace (UNPUBLISHED only). */
    unpublishReason: z.string().nullable(),
    submittedAt: nullableTimestamp,
    publishedAt: nullableTimestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "DeveloperApp" });

/** Who made a listing, as reviewers see them. */
const reviewerDeveloperSchema = z
  .object({ id, name: z.string(), email: z.string(), companyName: z.string().nullable(), status: z.enum(DEVELOPER_STATUSES) })
  .strict();

export const adminProfileChangeSchema = z
  .object({
    ...profileChangeFields,
    status: z.enum(PROFILE_CHANGE_STATUSES).meta({ description: "WITHDRAWN: taken back by the developer, or replaced by a newer change." }),
    developer: reviewerDeveloperSchema.meta({ description: "The developer as the marketplace shows them now." }),
  })
  .strict()
  .meta({ id: "AdminProfileChange" });

export const adminAppSchema = developerAppSchema
  .extend({
    reviewCount: z.number().int(),
    averageRating: z.number().nullable(),
    developer: reviewerDeveloperSchema,
  })
  .meta({ id: "AdminApp" });

/** The fields whose change is a text before and after (the screenshots' is a list of them). */
const REVISION_TEXT_FIELDS = READING_ORDER.filter((field): field is Exclude<EditableField, "screenshots"> => field !== "screenshots");
export type RevisionTextField = (typeof REVISION_TEXT_FIELDS)[number];

const revisionChangeSchema = z
  .union([
    z.object({ field: z.enum(REVISION_TEXT_FIELDS), before: z.string().nullable(), after: z.string().nullable() }).strict(),
    z.object({ field: z.literal("screenshots"), before: z.array(screenshotSchema), after: z.array(screenshotSchema) }).strict(),
  ])
  .meta({ id: "RevisionChange" });

export const revisionSchema = z
  .object({
    id,
    appId: id,
    status: z.enum(REVISION_STATUSES),
    baseVersion: z.number().int().meta({ description: "The live version this update was prepared from." }),
    version: z.number().int().nullable().meta({ description: "The version it became, once approved." }),
    ...shapeOf(EDITABLE_FIELDS, "response"),
    notes: z.string().nullable().meta({ description: "What changed; required to submit, shown publicly in the changelog once approved." }),
    rejection: rejectionSchema.nullable(),
    changes: z
      .array(revisionChangeSchema)
      .meta({ description: "Each field that differs from the live version, with its live (before) and proposed (after) value." }),
    submittedAt: nullableTimestamp,
    approvedAt: nullableTimestamp,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "Revision" });

export const adminRevisionSchema = revisionSchema
  .extend({
    app: z
      .object({
        id,
        slug: z.string(),
        name: z.string(),
        status: z.enum(APP_STATUSES),
        environment: z.enum(APP_ENVIRONMENTS),
        version: z.number().int(),
      })
      .strict(),
    developer: reviewerDeveloperSchema,
  })
  .meta({ id: "AdminRevision" });

export const analyticsSchema = z
  .object({
    installCount: z.number().int(),
    reviewCount: z.number().int(),
    averageRating: z.number().nullable(),
    status: z.enum(APP_STATUSES),
    featured: z.boolean(),
    installsByDay: z.array(z.object({ date: z.iso.date(), count: z.number().int() }).strict()).length(30),
  })
  .strict()
  .meta({ id: "AppAnalytics" });

export const publicAppSchema = z
  .object({
    ...listingFields,
    ...versionFields,
    reviewCount: z.number().int(),
    averageRating: z.number().nullable(),
    developer: z
      .object({
        id: id.meta({ description: "The developer's public page is /developers/{id}." }),
        name: z.string(),
        companyName: z.string().nullable(),
        websiteUrl: z.string().nullable(),
      })
      .strict(),
    publishedAt: nullableTimestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "PublicApp" });

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

export const categoryCountSchema = z
  .object({ category: z.enum(APP_CATEGORIES), label: z.string(), count: z.number().int() })
  .strict()
  .meta({ id: "CategoryCount" });

export const installResultSchema = z.object({ slug: z.string(), installCount: z.number().int() }).strict().meta({ id: "InstallResult" });

export const emailLogEntrySchema = z
  .object({
    id,
    to: z.string(),
    type: z.enum(EMAIL_TYPES),
    subject: z.string(),
    status: z.enum(EMAIL_STATUSES),
    attempts: z.number().int(),
    createdAt: timestamp,
    sentAt: nullableTimestamp,
    lastError: z.string().nullable(),
  })
  .strict()
  .meta({ id: "EmailLogEntry" });

export const auditEventSchema = z
  .object({
    id,
    actor: z.object({ yaptureUserId: z.string(), email: z.string() }).strict(),
    action: z.string(),
    targetType: z.string(),
    targetId: id,
    targetName: z.string().nullable().meta({ description: "The app's or developer's current name; null once it is deleted." }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp,
  })
  .strict()
  .meta({ id: "AuditEvent" });

export const healthSchema = z.object({ status: z.literal("ok") }).strict();
export const readySchema = z.object({ status: z.literal("ready"), migrations: z.number().int() }).strict();

const paginationSchema = z
  .object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() })
  .strict()
  .meta({ id: "Pagination" });

/** The public apps list's envelope: a broad search counts its matches up to 10,000 only. */
export const publicAppsPageSchema = z
  .object({
    data: z.array(publicAppSchema),
    pagination: paginationSchema
      .extend({
        totalIsExact: z.boolean().meta({
          description:
            "False when `total` is a lower bound: a search matching more than 10,000 apps (`total` is then 10,000), or one the database could not count within its time budget (`total` is then what the pages read so far prove). Always true without `search`.",
        }),
      })
      .meta({ id: "PublicAppsPagination" }),
  })
  .strict();

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) }).strict();
export const pagedListOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), pagination: paginationSchema }).strict();

export type DeveloperProfile = z.infer<typeof developerProfileSchema>;
export type AdminDeveloper = z.infer<typeof adminDeveloperSchema>;
export type ProfileChangeResource = z.infer<typeof profileChangeSchema>;
export type AdminProfileChangeResource = z.infer<typeof adminProfileChangeSchema>;
export type ProfileFieldChange = z.infer<typeof profileFieldChangeSchema>;
export type ApiKeyResource = z.infer<typeof apiKeySchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export type DeveloperAppResource = z.infer<typeof developerAppSchema>;
export type AdminAppResource = z.infer<typeof adminAppSchema>;
export type RevisionResource = z.infer<typeof revisionSchema>;
export type AdminRevisionResource = z.infer<typeof adminRevisionSchema>;
export type RevisionChange = z.infer<typeof revisionChangeSchema>;
export type AppAnalytics = z.infer<typeof analyticsSchema>;
export type PublicAppResource = z.infer<typeof publicAppSchema>;
export type PublicReviewResource = z.infer<typeof publicReviewSchema>;
export type EmailLogEntry = z.infer<typeof emailLogEntrySchema>;
export type AuditEventResource = z.infer<typeof auditEventSchema>;
export type PublisherReviewResource = z.infer<typeof publisherReviewSchema>;
export type ReviewReplyResource = z.infer<typeof reviewReplySchema>;
export type ModerationReviewResource = z.infer<typeof moderationReviewSchema>;
