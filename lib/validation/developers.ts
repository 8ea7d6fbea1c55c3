import { z } from "zod";

import { emailAddress, httpsUrl, optionalText, trimmedText } from "./common";

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
