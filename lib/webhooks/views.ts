import type { DeveloperEvent, WebhookEndpoint } from "@/db/schema";
import { cursorOf } from "@/lib/events/cursor";
import type { EventType } from "@/lib/events/types";

import type { DeliveryAttemptRow } from "./deliveries";
import type { CreatedWebhookResource, DeliveryAttemptResource, EventFeedResource, EventResource, WebhookResource } from "./schemas";

/** An event as the feed and webhook bodies show it. */
export function eventView(event: Pick<DeveloperEvent, "id" | "type" | "createdAt" | "apiVersion" | "data">): EventResource {
  return {
    id: event.id,
    type: event.type as EventType,
    timestamp: event.createdAt.toISOString(),
    apiVersion: event.apiVersion,
    data: event.data,
  };
}

export function eventFeedView({
  events,
  after,
  hasMore,
}: {
  events: DeveloperEvent[];
  after: number | null;
  hasMore: boolean;
}): EventFeedResource {
  const last = events.at(-1)?.position ?? after;
  return { data: events.map(eventView), cursor: last === null ? null : cursorOf(last), hasMore };
}

/** An endpoint as the API shows it: never its secrets. */
export function webhookView(endpoint: WebhookEndpoint): WebhookResource {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes as EventType[] | null,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    failingSince: endpoint.failingSince?.toISOString() ?? null,
    previousSecretExpiresAt: endpoint.previousSecretExpiresAt?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

/** The answer of a create or a rotation: the only time the secret is shown. */
export function webhookWithSecretView(endpoint: WebhookEndpoint): CreatedWebhookResource {
  return { ...webhookView(endpoint), secret: endpoint.secret };
}

export function deliveryAttemptView({ attempt, eventId, eventType, deliveryStatus }: DeliveryAttemptRow): DeliveryAttemptResource {
  return {
    id: attempt.id,
    deliveryId: attempt.deliveryId,
    eventId,
    eventType: eventType as EventType,
    attemptedAt: attempt.attemptedAt.toISOString(),
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    error: attempt.error,
    responseExcerpt: attempt.responseExcerpt,
    nextRetryAt: attempt.nextRetryAt?.toISOString() ?? null,
    deliveryStatus,
  };
}
