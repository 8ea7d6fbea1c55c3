import { z } from "zod";

import { positionOf } from "@/lib/events/cursor";
import { EVENT_TYPES, type EventType } from "@/lib/events/types";
import { id, timestamp } from "@/lib/validation/shared";

// The events' requests and answers: the feed's query and page, and the event envelope that the
// feed and the webhooks share (docs/webhooks.md).

export const EVENT_FEED_LIMITS = { defaultLimit: 50, maxLimit: 100 } as const;

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
