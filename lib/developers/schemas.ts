import { z } from "zod";

import { DEVELOPER_STATUSES, PROFILE_CHANGE_STATUSES, PUBLIC_PROFILE_FIELDS } from "@/lib/core/enums";
import { pagingQuery } from "@/lib/core/paging";
import { reviewerDeveloperSchema } from "@/lib/apps/schemas";
import { emailAddress, httpsUrl, optionalText, trimmedText } from "@/lib/validation/common";
import { adminSearchQuery, id, nullableTimestamp, timestamp } from "@/lib/validation/shared";

// The bodies and answers of developer profiles: registration, the developer's own profile and its
// reviewed changes, and the administrators' verification.

// --- requests ---------------------------------------------------------------

/** The profile's bounds: the schemas below are built from them, and the registration form reads them. */
export const PROFILE_LIMITS = { name: 100, companyName: 100, bio: 1000 } as const;

const profileFields = {
  name: trimmedText(1, PROFILE_LIMITS.name),
  email: emailAddress,
  companyName: optionalText(PROFILE_LIMITS.companyName),
  websiteUrl: httpsUrl.nullish(),
  bio: optionalText(PROFILE_LIMITS.bio),
};

/**
 * POST /api/dev/register. `yaptureUserId` and `email` come from the Yapture account; either may be
 * sent, but must match it.
 */
export const registerDeveloperBody = z.strictObject({
  ...profileFields,
  email: emailAddress
    .optional()
    .meta({ description: "Optional: the Yapture account's verified email is used; a different one is refused." }),
  yaptureUserId: z.string().max(255).optional(),
});
export type RegisterDeveloperInput = z.infer<typeof registerDeveloperBody>;

/** PUT/PATCH /api/dev/me: any subset of the editable fields. `email` may only repeat the account's. */
export const updateDeveloperBody = z.strictObject(profileFields).partial();
export type UpdateDeveloperInput = z.infer<typeof updateDeveloperBody>;
export const DEVELOPER_READ_ONLY_FIELDS = ["yaptureUserId", "status", "statusReason", "resubmittedAt", "verifiedAt"] as const;

export const adminDevelopersQuery = z.object({ status: z.enum(DEVELOPER_STATUSES).optional(), ...adminSearchQuery, ...pagingQuery() });
export const adminProfileChangesQuery = z.object({
  status: z.enum(PROFILE_CHANGE_STATUSES).default("PENDING"),
  ...adminSearchQuery,
  ...pagingQuery(),
});

// --- answers ----------------------------------------------------------------

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

export const adminProfileChangeSchema = z
  .object({
    ...profileChangeFields,
    status: z.enum(PROFILE_CHANGE_STATUSES).meta({ description: "WITHDRAWN: taken back by the developer, or replaced by a newer change." }),
    developer: reviewerDeveloperSchema.meta({ description: "The developer as the marketplace shows them now." }),
  })
  .strict()
  .meta({ id: "AdminProfileChange" });

export type DeveloperProfile = z.infer<typeof developerProfileSchema>;
export type AdminDeveloper = z.infer<typeof adminDeveloperSchema>;
export type ProfileChangeResource = z.infer<typeof profileChangeSchema>;
export type AdminProfileChangeResource = z.infer<typeof adminProfileChangeSchema>;
export type ProfileFieldChange = z.infer<typeof profileFieldChangeSchema>;
