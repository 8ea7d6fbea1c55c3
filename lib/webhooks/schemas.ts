import { z } from "zod";

import { positionOf } from "@/lib/events/cursor";
import { EVENT_TYPES, type EventType } from "@/lib/events/types";
import { optionalText } from "@/lib/validation/common";
import { id, nullableTimestamp, timestamp } from "@/lib/validation/shared";

// The events' requests and answers: the feed's query and page, and the event envelope that the
// feed and the webhooks share (docs/webhooks.md).

const EVENT_FEED_LIMITS = { defaultLimit: 50, maxLimit: 100 } as const;

/** `types=app.approved,install.created`: a comma-separated list of event types; every type when left out. */
const eventTypeList = z
  .string()
  .optional()
  .meta({ description: `Comma-separated event types (${EVENT_TYPES.join(", ")}). Default: every type.` })
  .superRefine((value, context) => {
    const unknown = (value ?? "")
      .split(",")
      .filter((name) => name.trim() !== "" && !(EVENT_TYPES as readonly string[]).includes(name.trim()));
    if (unknown.length > 0) context.addIssue({ code: "custom", message: `unknown event type ${unknown.join(", ")}` });
  })
  .transform((value) => {
    const types = (value ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean) as EventType[];
    return types.length > 0 ? [...new Set(types)] : null;
  });

export const eventFeedQuery = z.strictObject({
  after: z
    .string()
    .optional()
    .meta({ description: "The `cursor` of the previous answer; the oldest event kept when left out." })
    .superRefine((value, context) => {
      if (value !== undefined && positionOf(value) === null) context.addIssue({ code: "custom", message: "is not a cursor this API gave" });
    }),
  types: eventTypeList,
  limit: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(EVENT_FEED_LIMITS.maxLimit, { error: `must be at most ${EVENT_FEED_LIMITS.maxLimit}` })
    .default(EVENT_FEED_LIMITS.defaultLimit),
});
export type EventFeedQuery = z.infer<typeof eventFeedQuery>;

/** One event, as the feed lists it and a webhook's body carries it (Standard Webhooks' `type`, `timestamp`, `data`). */
export const eventSchema = z
  .object({
    id: id.meta({ description: "Stable; the `webhook-id` of its deliveries: deduplicate on it across the feed and webhooks." }),
    type: z.enum(EVENT_TYPES),
    timestamp: timestamp.meta({ description: "When the change happened." }),
    apiVersion: z.string().meta({ description: "The version of the payload's shape.", example: "2026-11-28" }),
    data: z.record(z.string(), z.unknown()).meta({ description: "The type's payload (docs/webhooks.md, and the document's `webhooks`)." }),
  })
  .strict()
  .meta({ id: "Event" });
export type EventResource = z.infer<typeof eventSchema>;

export const eventFeedSchema = z
  .object({
    data: z.array(eventSchema),
    cursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `after` to read on; the same cursor again when nothing newer has happened. Null before any event." }),
    hasMore: z.boolean().meta({ description: "More events are waiting: ask again at once." }),
  })
  .strict()
  .meta({ id: "EventFeed" });
export type EventFeedResource = z.infer<typeof eventFeedSchema>;

// --- webhook endpoints ---

export const WEBHOOK_LIMITS = { endpoints: 10, url: 2048, description: 200 } as const;

const eventType = z.enum(EVENT_TYPES, {
  error: (issue) => `unknown event type ${JSON.stringify(issue.input)} (docs/webhooks.md lists them)`,
});

// The deployment decides whether http:// and private addresses are allowed (WEBHOOK_ALLOW_PRIVATE),
// so the schema accepts both schemes and the service refuses what the deployment does not allow.
const endpointUrl = z
  .url({ protocol: /^https?$/, error: "must be an absolute https:// URL" })
  .max(WEBHOOK_LIMITS.url, { error: `must be at most ${WEBHOOK_LIMITS.url} characters` });

const endpointFields = {
  url: endpointUrl.meta({ description: "Where events are POSTed: https://, a public address." }),
  description: optionalText(WEBHOOK_LIMITS.description),
  eventTypes: z
    .array(eventType)
    .min(1, { error: "must name at least one event type (or be null for every type)" })
    .refine((types) => new Set(types).size === types.length, { error: "must not repeat an event type" })
    .nullable()
    .optional()
    .meta({ description: "The event types it receives; null or left out: every type." }),
  enabled: z.boolean().optional().meta({ description: "Off: nothing is delivered to it. On again: deliveries resume." }),
};

export const createWebhookBody = z.strictObject(endpointFields);
export type CreateWebhookInput = z.infer<typeof createWebhookBody>;
export const updateWebhookBody = z.strictObject(endpointFields).partial();
export type UpdateWebhookInput = z.infer<typeof updateWebhookBody>;
export const WEBHOOK_READ_ONLY_FIELDS = ["secret", "disabledReason", "disabledAt", "previousSecretExpiresAt"] as const;

export const webhookSchema = z
  .object({
    id,
    url: z.string(),
    description: z.string().nullable(),
    eventTypes: z.array(z.enum(EVENT_TYPES)).nullable(),
    enabled: z.boolean(),
    disabledReason: z
      .enum(["gone", "failing"])
      .nullable()
      .meta({ description: "Why the marketplace turned it off: `gone` (it answered 410), `failing` (3 days of failures)." }),
    disabledAt: nullableTimestamp,
    failingSince: nullableTimestamp.meta({ description: "Since when every delivery has failed; null once one succeeds." }),
    previousSecretExpiresAt: nullableTimestamp.meta({
      description: "After a rotation, until when the previous secret signs too (a second `v1,` signature).",
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict()
  .meta({ id: "Webhook" });
export type WebhookResource = z.infer<typeof webhookSchema>;

const signingSecret = z.string().meta({ description: "The signing secret, `whsec_` and base64: shown once.", example: "whsec_…" });

export const createdWebhookSchema = webhookSchema.extend({ secret: signingSecret }).meta({ id: "CreatedWebhook" });
export type CreatedWebhookResource = z.infer<typeof createdWebhookSchema>;

// --- deliveries ---

const DELIVERY_LOG_LIMITS = { defaultLimit: 50, maxLimit: 100 } as const;

export const deliveryLogQuery = z.strictObject({
  limit: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(DELIVERY_LOG_LIMITS.maxLimit, { error: `must be at most ${DELIVERY_LOG_LIMITS.maxLimit}` })
    .default(DELIVERY_LOG_LIMITS.defaultLimit),
});

export const deliveryAttemptSchema = z
  .object({
    id,
    deliveryId: id,
    eventId: id,
    eventType: z.enum(EVENT_TYPES),
    attemptedAt: timestamp,
    statusCode: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when it gave none (timeout, refused)." }),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    responseExcerpt: z.string().nullable().meta({ description: "The start of the receiver's answer (at most 2 KiB)." }),
    nextRetryAt: nullableTimestamp,
    deliveryStatus: z.enum(["PENDING", "DELIVERED", "FAILED"]),
  })
  .strict()
  .meta({ id: "WebhookAttempt" });
export type DeliveryAttemptResource = z.infer<typeof deliveryAttemptSchema>;

export const redeliverBody = z.strictObject({ eventId: id });

export const queuedDeliverySchema = z
  .object({ deliveryId: id.nullable().meta({ description: "Null for a test event until it is sequenced (a second or so)." }), eventId: id })
  .strict()
  .meta({ id: "QueuedDelivery" });
