// The events a publisher hears of (docs/webhooks.md): the feed, the webhooks' subscriptions and the
// portal read this list. It imports nothing that needs the server, so the browser shares it.

/** The version of the events' shape; it changes only when a payload changes incompatibly. */
export const EVENT_API_VERSION = "2026-11-28";

export const EVENT_TYPES = [
  "app.submitted",
  "app.withdrawn",
  "app.approved",
  "app.rejected",
  "app.unpublished",
  "app.republished",
  "app.update.submitted",
  "app.update.approved",
  "app.update.rejected",
  "app.update.rolled_out",
  "app.update.rolled_back",
  "install.created",
  "install.removed",
  "review.created",
  "review.updated",
  "review.deleted",
  "review.hidden",
  "review.restored",
  "review.reported",
  "developer.verified",
  "developer.rejected",
  "developer.suspended",
  "developer.reinstated",
  "profile_change.approved",
  "profile_change.rejected",
  "api_key.expiring",
  "member.added",
  "member.changed",
  "member.removed",
  "webhook.test",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Events kept for the feed and for redelivery; older ones are deleted by the worker. */
export const EVENT_RETENTION_DAYS = 30;
