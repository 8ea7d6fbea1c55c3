import { z } from "zod";

import {
  APP_ENVIRONMENTS,
  APP_STATUSES,
  APP_VISIBILITIES,
  APPROVAL_CRITERIA,
  DEVELOPER_STATUSES,
  REVISION_STATUSES,
} from "@/lib/core/enums";
import { pagingQuery } from "@/lib/core/paging";
import { emailAddress, optionalText, trimmedText, workspaceIdText } from "@/lib/validation/common";
import { adminSearchQuery, APPROVAL_LIMITS, id, listOf, nullableTimestamp, timestamp } from "@/lib/validation/shared";

import {
  EDITABLE_FIELDS,
  LISTING_FIELDS,
  PRIVATE_FIELDS,
  PUBLIC_FIELDS,
  READING_ORDER,
  shapeOf,
  type EditableField,
} from "./listing-declaration";
import { LISTING_LIMITS, screenshotInput, screenshotSchema } from "./listing-rules";

// The bodies and answers of app listings and their updates, the developer's and the reviewers'.
// View functions are typed by the answers (so a view cannot drift from its documentation), and the
// OpenAPI document and the contract tests are generated from them.

// --- requests ---------------------------------------------------------------

const editableFields = shapeOf(EDITABLE_FIELDS, "request");

/** Who sees a listing once it is live (docs/visibility.md). */
const visibilitySchema = z.enum(APP_VISIBILITIES).meta({
  description:
    "PRIVATE: only the publisher's members and its testers (a test build; submitted without a human review, every automated check " +
    "still runs). UNLISTED: reviewed; anyone with its slug reads and installs it, and it is in no list, search, count or feed. " +
    "PUBLIC: reviewed; in the catalogue.",
});

/** POST /api/dev/apps */
export const createAppBody = z.strictObject({
  ...editableFields,
  environment: LISTING_FIELDS.environment.request,
  visibility: visibilitySchema.optional().meta({ description: "Default: PRIVATE for `localhost` and `staging`, PUBLIC for `production`." }),
});
export type CreateAppInput = z.infer<typeof createAppBody>;

/** PUT/PATCH /api/dev/apps/:id — any subset; `environment` is fixed at creation. */
export const updateAppBody = z.strictObject(editableFields).partial();
export type UpdateAppInput = z.infer<typeof updateAppBody>;
export const APP_READ_ONLY_FIELDS = ["environment", "slug", "status", "featured", "installCount", "developerId"] as const;
/** `environment` is accepted on create; every other server-owned field is read-only. */
export const CREATE_READ_ONLY_FIELDS = APP_READ_ONLY_FIELDS.filter((field) => field !== "environment");

export type ScreenshotInput = z.infer<typeof screenshotInput>;

/**
 * POST and PUT /api/dev/apps/:id/revision — the listing's editable fields (any subset) and what
 * changed. `notes` may be left empty while drafting; submit requires them.
 */
export const revisionBody = z.strictObject({ ...editableFields, notes: optionalText(LISTING_LIMITS.notes) }).partial();
export type RevisionInput = z.infer<typeof revisionBody>;
export const REVISION_READ_ONLY_FIELDS = [...APP_READ_ONLY_FIELDS, "version", "changelog"] as const;

/** PUT /api/dev/apps/:id/visibility */
export const visibilityBody = z.strictObject({ visibility: visibilitySchema });

/** POST /api/dev/apps/:id/testers — a Yapture workspace or a person's email. */
export const testerBody = z.union([
  z.strictObject({
    workspaceId: workspaceIdText.meta({ description: "A Yapture workspace: its members see the test build and install it into it." }),
  }),
  z.strictObject({ email: emailAddress.meta({ description: "A person, by the verified email of their Yapture account." }) }),
]);
export type TesterInput = z.infer<typeof testerBody>;

/** A tester of a listing and their latest install. */
export const testerSchema = z
  .object({
    id,
    workspaceId: z.string().nullable(),
    email: z.string().nullable(),
    addedAt: timestamp,
    installedAt: nullableTimestamp.meta({ description: "When the tester last installed the listing (null: never)." }),
    installedWorkspaceId: z.string().nullable().meta({ description: "The workspace of that install." }),
  })
  .strict()
  .meta({ id: "AppTester" });
export type TesterResource = z.infer<typeof testerSchema>;

/** One recorded version of a listing, as its history lists it. */
const versionSchema = z
  .object({
    version: z.number().int(),
    name: z.string(),
    liveAt: timestamp,
    restoredFrom: z.number().int().nullable().meta({ description: "The earlier version this one restored, if it was a restore." }),
    current: z.boolean().meta({ description: "The version live now." }),
    staged: z.boolean().meta({ description: "The version in a staged rollout now (live for testers and part of the workspaces)." }),
    rolledBackAt: nullableTimestamp.meta({ description: "A staged version rolled back before it reached everyone: when." }),
  })
  .strict()
  .meta({ id: "AppVersion" });
export type VersionResource = z.infer<typeof versionSchema>;
export const versionHistorySchema = z.object({ data: z.array(versionSchema) }).strict();

/** POST /api/dev/apps/:id/revision/submit — optional. */
export const submitRevisionBody = z.strictObject({
  staged: z
    .boolean()
    .optional()
    .meta({
      description:
        "Once approved, roll the update out in stages (`PUT /api/dev/apps/{id}/rollout`): testers first, then a percentage of " +
        "workspaces, then everyone. Default false: approved, it is live for everyone at once.",
    }),
});

/** The largest share of workspaces a staged update reaches before it is everyone's. */
export const ROLLOUT_MAX_PERCENT = 99;

/** PUT /api/dev/apps/:id/rollout — the staged update's next stage. */
export const rolloutBody = z.union([
  z.strictObject({ stage: z.literal("TESTERS").meta({ description: "Testers only (where an approved staged update starts)." }) }),
  z.strictObject({
    stage: z.literal("PERCENT"),
    percent: z
      .number()
      .int()
      .min(1)
      .max(ROLLOUT_MAX_PERCENT)
      .meta({ description: "Testers and this share of workspaces; it only increases." }),
  }),
  z.strictObject({ stage: z.literal("EVERYONE").meta({ description: "The staged version becomes the live version, everyone's." }) }),
]);
export type RolloutInput = z.infer<typeof rolloutBody>;

/** Where a listing's staged update stands (docs/visibility.md, "Staged rollout"). */
export const rolloutSchema = z
  .object({
    stage: z.enum(["NONE", "TESTERS", "PERCENT"]).meta({ description: "NONE: nothing staged; everyone has the live version." }),
    liveVersion: z.number().int().meta({ description: "The version everyone else, and the public catalogue, has." }),
    stagedVersion: z.number().int().nullable(),
    percent: z.number().int().min(0).max(ROLLOUT_MAX_PERCENT).meta({
      description: "The share of workspaces (by a stable hash of app and workspace) that has the staged version; 0: testers only.",
    }),
  })
  .strict()
  .meta({ id: "AppRollout" });
export type RolloutResource = z.infer<typeof rolloutSchema>;

/** GET /api/dev/apps */
export const listMyAppsQuery = z.object(pagingQuery());

const previewUrl = z.string().min(1, { error: "must not be empty" }).max(2048, { error: "must be at most 2048 characters" });

/** GET /assets/preview/:id (the portal's preview of one of a listing's images) */
export const imagePreviewQuery = z.strictObject({ url: previewUrl });

/** GET /assets/preview/:id/check (the portal's check of an image address typed into a listing's form) */
export const imageCheckQuery = z.strictObject({ url: previewUrl, kind: z.enum(["logo", "banner", "screenshot"]) });

export const adminAppsQuery = z.object({ status: z.enum(APP_STATUSES).default("PENDING"), ...adminSearchQuery, ...pagingQuery() });
export const adminRevisionsQuery = z.object({
  status: z.enum(REVISION_STATUSES).default("PENDING"),
  ...adminSearchQuery,
  ...pagingQuery(),
});

/**
 * The `updatedAt` of the listing (or update) the administrator read, exactly as the API shows it:
 * an approval or rejection applies to that version only.
 */
const expectedUpdatedAt = z.iso
  .datetime({ precision: 3, error: "must be the updatedAt you read, as the API shows it (e.g. 2026-11-22T10:00:00.000Z)" })
  .transform((value) => new Date(value))
  .optional()
  .meta({
    description:
      "The `updatedAt` of the version you reviewed, as the API showed it. If the developer changed it since (withdrew, edited, " +
      "resubmitted), the decision is refused with 409 `invalid_state` and nothing changes. Strongly recommended; without it " +
      "the current version is decided.",
    example: "2026-11-22T10:00:00.000Z",
  });

export const approveBody = z.strictObject({ note: trimmedText(1, APPROVAL_LIMITS.note).optional(), expectedUpdatedAt });
export const featureBody = z.strictObject({ featured: z.boolean() });
/** The fields a reviewer picks a reason's `field` from: each editable field, then each screenshot. */
export const REASON_FIELD_CHOICES = [
  ...EDITABLE_FIELDS,
  ...Array.from({ length: LISTING_LIMITS.maxScreenshots }, (_, index) => `screenshots[${index}]`),
];

/** A listing field a rejection's reason is about: an editable field's name, or one screenshot (`screenshots[1]`, its `.url` or `.caption`). */
const reasonField = z
  .string()
  .max(40, { error: "must be at most 40 characters" })
  .regex(
    new RegExp(`^(?:${EDITABLE_FIELDS.join("|")}|screenshots\\[[0-${LISTING_LIMITS.maxScreenshots - 1}]\\](?:\\.(?:url|caption))?)$`),
    {
      error: `must name a listing field (${EDITABLE_FIELDS.join(", ")}) or one screenshot, as screenshots[0] to screenshots[${LISTING_LIMITS.maxScreenshots - 1}]`,
    },
  )
  .meta({ description: "The field the reason is about; the portal highlights it on the developer's form.", example: "screenshots[1]" });

export const rejectAppBody = z.strictObject({
  reasons: z
    .array(
      z.strictObject({
        criterion: z.enum(APPROVAL_CRITERIA),
        message: trimmedText(1, APPROVAL_LIMITS.reasonMessage),
        field: reasonField.optional(),
      }),
    )
    .min(1, { error: "give at least one reason" })
    .max(10, { error: "at most 10 reasons" }),
  message: trimmedText(1, APPROVAL_LIMITS.note).optional(),
  expectedUpdatedAt,
});
/** The reasons and message of a rejection (the version it applies to travels beside them). */
export type RejectAppInput = Omit<z.infer<typeof rejectAppBody>, "expectedUpdatedAt">;

// --- answers ----------------------------------------------------------------

const rejectionSchema = z
  .object({
    reasons: z.array(
      z
        .object({
          criterion: z.enum(APPROVAL_CRITERIA),
          message: z.string(),
          field: z.string().optional().meta({ example: "screenshots[1]" }),
        })
        .strict(),
    ),
    message: z.string().nullable(),
    rejectedAt: timestamp,
  })
  .strict()
  .meta({ id: "Rejection" });

/** The listing's rejections and its updates', newest first (the developer's history). */
export const pastRejectionsSchema = listOf(
  rejectionSchema
    .extend({ of: z.enum(["listing", "update"]).meta({ description: "A rejection of the listing itself, or of an update of it." }) })
    .meta({ id: "PastRejection" }),
);

/** What every view of a listing shows of it, the public's included. */
const listingFields = {
  slug: z.string(),
  ...shapeOf(PUBLIC_FIELDS, "response"),
  featured: z.boolean(),
  installCount: z.number().int().meta({ description: "Every install ever, a reinstall included." }),
  activeInstallCount: z.number().int().meta({ description: "The workspaces that have the app now (installs not removed)." }),
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
    visibility: visibilitySchema,
    reviewedVisibility: visibilitySchema
      .nullable()
      .meta({ description: "The widest visibility an administrator approved (null: never reviewed); widening past it needs a review." }),
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

/** Who made a listing (or a profile change), as reviewers see them. */
export const reviewerDeveloperSchema = z
  .object({ id, name: z.string(), email: z.string(), companyName: z.string().nullable(), status: z.enum(DEVELOPER_STATUSES) })
  .strict();

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
    staged: z.boolean().meta({
      description: "The publisher asked for a staged rollout (submit's `staged`): once approved it goes to testers first, not to everyone.",
    }),
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
    activeInstallCount: z.number().int(),
    reviewCount: z.number().int(),
    averageRating: z.number().nullable(),
    status: z.enum(APP_STATUSES),
    featured: z.boolean(),
    installsByDay: z.array(z.object({ date: z.iso.date(), count: z.number().int() }).strict()).length(30),
  })
  .strict()
  .meta({ id: "AppAnalytics" });

/** A listing as the public sees it (/api/apps…). */
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

/** A listing in an event's payload (docs/webhooks.md): its identity and standing, picked from the developer's view. */
export const appEventSchema = developerAppSchema
  .pick({
    id: true,
    slug: true,
    name: true,
    environment: true,
    status: true,
    version: true,
    rejection: true,
    submittedAt: true,
    publishedAt: true,
    updatedAt: true,
  })
  .meta({ id: "EventApp" });

/** An update of a live listing in an event's payload, picked from the update's view. */
export const updateEventSchema = revisionSchema
  .pick({ id: true, status: true, baseVersion: true, version: true, notes: true, rejection: true, submittedAt: true, approvedAt: true })
  .meta({ id: "EventAppUpdate" });
/** A preflight that found nothing to refuse: a submit now would pass its checks. */
export const preflightSchema = z
  .object({
    ready: z.literal(true),
    status: z.enum(APP_STATUSES).meta({ description: "Unchanged: the listing is not submitted." }),
    checkedImages: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Images fetched, decoded and checked (logo, banner, screenshots, long description)." }),
  })
  .strict()
  .meta({ id: "Preflight" });

export type PublicAppResource = z.infer<typeof publicAppSchema>;
export type DeveloperAppResource = z.infer<typeof developerAppSchema>;
export type AdminAppResource = z.infer<typeof adminAppSchema>;
export type RevisionResource = z.infer<typeof revisionSchema>;
export type AdminRevisionResource = z.infer<typeof adminRevisionSchema>;
export type RevisionChange = z.infer<typeof revisionChangeSchema>;
export type AppAnalytics = z.infer<typeof analyticsSchema>;
export type AppEventResource = z.infer<typeof appEventSchema>;
export type UpdateEventResource = z.infer<typeof updateEventSchema>;
export type PreflightResource = z.infer<typeof preflightSchema>;
export type PastRejectionsResource = z.infer<typeof pastRejectionsSchema>;
