import { z } from "zod";

import { API_KEY_SCOPES } from "@/lib/core/enums";

import { trimmedText } from "./common";

/** A key's bounds: the schema below is built from them, and the key form reads them. */
export const API_KEY_LIMITS = { name: 100, minDays: 1, maxDays: 365 } as const;

/** POST /api/dev/api-keys */
export const createApiKeyBody = z.strictObject({
  name: trimmedText(1, API_KEY_LIMITS.name),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, { error: "at least one scope is required" })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: "scopes must not repeat" }),
  expiresInDays: z
    .number()
    .int({ error: "must be a whole number of days" })
    .min(API_KEY_LIMITS.minDays, { error: `must be at least ${API_KEY_LIMITS.minDays} day` })
    .max(API_KEY_LIMITS.maxDays, { error: `must be at most ${API_KEY_LIMITS.maxDays} days` })
    .optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyBody>;
