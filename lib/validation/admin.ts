import { z } from "zod";

import {
  APP_STATUSES,
  DEVELOPER_STATUSES,
  EMAIL_TYPES,
  MODERATED_PARTS,
  PROFILE_CHANGE_STATUSES,
  APPROVAL_CRITERIA,
  REVISION_STATUSES,
} from "@/lib/core/enums";
import { pagingQuery } from "@/lib/core/paging";

import { trimmedText } from "./common";

export const adminDevelopersQuery = z.object({ status: z.enum(DEVELOPER_STATUSES).optional(), ...pagingQuery() });
export const adminAppsQuery = z.object({ status: z.enum(APP_STATUSES).default("PENDING"), ...pagingQuery() });
export const adminRevisionsQuery = z.object({ status: z.enum(REVISION_STATUSES).default("PENDING"), ...pagingQuery() });
export const adminProfileChangesQuery = z.object({ status: z.enum(PROFILE_CHANGE_STATUSES).default("PENDING"), ...pagingQuery() });
export const adminEmailsQuery = z.object({
  to: z.string().trim().min(1).max(254).optional(),
  type: z.enum(EMAIL_TYPES).optional(),
  ...pagingQuery(),
});
export const auditQuery = z.object({ ...pagingQuery({ defaultLimit: 50 }) });

/** GET /api/admin/reviews: the reported reviews (the default) or the hidden ones. */
export const moderationQuery = z.object({
  queue: z.enum(["reported", "hidden"]).default("reported").meta({ description: "`reported` (most open reports first) or `hidden`." }),
  ...pagingQuery(),
});
/** Bounds of a moderator's reason for hiding a review or reply: shown to its author. */
export const MODERATION_LIMITS = { reason: 500 } as const;
const moderatedPart = z.enum(MODERATED_PARTS).default("review").meta({ description: "The review (the default) or its reply." });
export const hideBody = z.strictObject({ part: moderatedPart, reason: trimmedText(1, MODERATION_LIMITS.reason) });
export const restoreBody = z.strictObject({ part: moderatedPart });

/** Bounds of the reviewers' texts: the schemas below are built from them, and the admin forms read them. */
export const APPROVAL_LIMITS = { reason: 2000, note: 2000, reasonMessage: 1000 } as const;

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

export const reasonBody = z.strictObject({ reason: trimmedText(1, APPROVAL_LIMITS.reason) });
export const approveBody = z.strictObject({ note: trimmedText(1, APPROVAL_LIMITS.note).optional(), expectedUpdatedAt });
export const featureBody = z.strictObject({ featured: z.boolean() });
export const rejectAppBody = z.strictObject({
  reasons: z
    .array(z.strictObject({ criterion: z.enum(APPROVAL_CRITERIA), message: trimmedText(1, APPROVAL_LIMITS.reasonMessage) }))
    .min(1, { error: "give at least one reason" })
    .max(10, { error: "at most 10 reasons" }),
  message: trimmedText(1, APPROVAL_LIMITS.note).optional(),
  expectedUpdatedAt,
});
/** The reasons and message of a rejection (the version it applies to travels beside them). */
export type RejectAppInput = Omit<z.infer<typeof rejectAppBody>, "expectedUpdatedAt">;
