import { z } from "zod";

import { API_KEY_SCOPES } from "@/lib/domain/enums";

import { trimmedText } from "./common";

/** POST /api/dev/api-keys */
export const createApiKeyBody = z.strictObject({
  name: trimmedText(1, 100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, { error: "at least one scope is required" })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: "scopes must not repeat" }),
  expiresInDays: z
    .number()
    .int({ error: "must be a whole number of days" })
    .min(1, { error: "must be at least 1 day" })
    .max(365, { error: "must be at most 365 days" })
    .optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyBody>;
