import { z } from "zod";

import { API_KEY_SCOPES } from "@/lib/core/enums";
import { trimmedText } from "@/lib/validation/common";
import { id, nullableTimestamp, timestamp } from "@/lib/validation/shared";

// The body and answers of API keys.

/** A key's bounds: the schema below is built from them, and the key form reads them. */
export const API_KEY_LIMITS = { name: 100, minDays: 1, maxDays: 365, maxApps: 100, maxOverlapHours: 72 } as const;

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
  appIds: z
    .array(z.uuid({ error: "must be an app's id" }))
    .min(1, { error: "name at least one app, or leave appIds out for every app" })
    .max(API_KEY_LIMITS.maxApps, { error: `at most ${API_KEY_LIMITS.maxApps} apps` })
    .refine((ids) => new Set(ids).size === ids.length, { error: "apps must not repeat" })
    .optional()
    .meta({
      description:
        "Limit the key to these apps of the account; any other app is 404 to it. Left out: the apps the caller may reach " +
        "(every app, unless the calling member or key is limited to some).",
    }),
});

/** POST /api/dev/api-keys/:id/rotate */
export const rotateApiKeyBody = z.strictObject({
  overlapHours: z
    .number()
    .int({ error: "must be a whole number of hours" })
    .min(0, { error: "must be at least 0" })
    .max(API_KEY_LIMITS.maxOverlapHours, { error: `must be at most ${API_KEY_LIMITS.maxOverlapHours} hours` })
    .default(24)
    .meta({
      description: `How long the old key keeps working beside its successor, 0–${API_KEY_LIMITS.maxOverlapHours} hours (default 24).`,
    }),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyBody>;

const apiKeyFields = {
  id,
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  maskedKey: z.string().meta({ example: "mkp_Ab3d…x9Yz" }),
  createdAt: timestamp,
  expiresAt: nullableTimestamp,
  lastUsedAt: nullableTimestamp,
  appIds: z.array(id).nullable().meta({ description: "The apps the key is limited to; null: every app of the account." }),
  createdBy: z
    .object({
      name: z.string(),
      memberId: id.nullable().meta({ description: "Null once that member has left the account: review the key." }),
    })
    .strict()
    .nullable()
    .meta({ description: "The member who made the key (null for keys made before developer accounts had members)." }),
};
export const apiKeySchema = z
  .object({ ...apiKeyFields, status: z.enum(["ACTIVE", "EXPIRED"]) })
  .strict()
  .meta({ id: "ApiKey" });
export const createdApiKeySchema = z
  .object({ ...apiKeyFields, key: z.string().meta({ description: "The full key. Shown in this response only; store it now." }) })
  .strict()
  .meta({ id: "CreatedApiKey" });

export type ApiKeyResource = z.infer<typeof apiKeySchema>;
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
