import { z } from "zod";

import { emailAddress, httpsUrl, optionalText, trimmedText } from "./common";

const profileFields = {
  name: trimmedText(1, 100),
  email: emailAddress,
  companyName: optionalText(100),
  websiteUrl: httpsUrl.nullish(),
  bio: optionalText(1000),
};

/**
 * POST /api/dev/register. `yaptureUserId` and `email` come from the Yapture account; either may be
 * sent, but must match it.
 */
export const registerDeveloperBody = z.strictObject({
  ...profileFields,
  email: emailAddress.optional().meta({ description: "Optional: the Yapture account's verified email is used; a different one is refused." }),
  yaptureUserId: z.string().max(255).optional(),
});
export type RegisterDeveloperInput = z.infer<typeof registerDeveloperBody>;

/** PUT/PATCH /api/dev/me: any subset of the editable fields. `email` may only repeat the account's. */
export const updateDeveloperBody = z.strictObject(profileFields).partial();
export type UpdateDeveloperInput = z.infer<typeof updateDeveloperBody>;
export const DEVELOPER_READ_ONLY_FIELDS = ["yaptureUserId", "status", "verifiedAt"] as const;
