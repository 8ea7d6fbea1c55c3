import { ROLES_THAT } from "@/lib/members/roles";
import { bodyErrors, operationOf, scoped } from "@/lib/validation/operation";
import { listOf } from "@/lib/validation/shared";

import {
  createdWebhookSchema,
  deliveryAttemptSchema,
  deliveryLogQuery,
  queuedDeliverySchema,
  redeliverBody,
  createWebhookBody,
  eventFeedQuery,
  eventFeedSchema,
  updateWebhookBody,
  WEBHOOK_LIMITS,
  WEBHOOK_READ_ONLY_FIELDS,
  webhookSchema,
} from "./schemas";

// The HTTP operations of a publisher's events: the pull feed, and the webhook endpoints that push
// the same events (docs/webhooks.md). What each field means: lib/validation/operation.ts.

const eventsOperation = operationOf("Events and webhooks", "developer");

export const EVENTS = {
  feed: eventsOperation({
    method: "get",
    path: "/api/dev/events",
    operationId: "listEvents",
    scope: "EVENTS_READ",
    roles: ROLES_THAT.readEvents,
    summary: "The account's events after a cursor, oldest first",
    description:
      "Pull the events that webhooks push, with the same ids: pass the answer's `cursor` as `after` to read on (no offsets). " +
      "Events are kept 30 days. A member or key limited to some apps reads the account's own events and those of its apps.",
    query: eventFeedQuery,
    success: { 200: { description: "Events", schema: eventFeedSchema } },
    errors: [...scoped, "forbidden", "validation_failed"],
  }),
};

const webhookOperation = <const O extends Parameters<typeof eventsOperation>[0]>(operation: O) =>
  eventsOperation({ ...operation, scope: "WEBHOOKS_MANAGE" as const, roles: ROLES_THAT.manageWebhooks });

/** What every webhook operation may answer besides its own: an app-limited caller is 403 `forbidden`. */
const webhookErrors = [...scoped, "forbidden"] as const;

const URL_RULES =
  "`url` must be https:// and resolve to public addresses only (400 `validation_failed`, `errors[].code` `https_required`, " +
  "`private_address`, `unresolvable_host` or `credentials_not_allowed`); an unknown event type is 400 naming it.";

export const WEBHOOKS = {
  list: webhookOperation({
    method: "get",
    path: "/api/dev/webhooks",
    operationId: "listWebhooks",
    summary: "The account's webhook endpoints, oldest first",
    success: { 200: { description: "Endpoints", schema: listOf(webhookSchema) } },
    errors: webhookErrors,
  }),
  create: webhookOperation({
    method: "post",
    path: "/api/dev/webhooks",
    operationId: "createWebhook",
    summary: "Add an endpoint (its signing secret is shown once)",
    description: `At most ${WEBHOOK_LIMITS.endpoints} per account (409 \`conflict\`). ${URL_RULES}`,
    body: createWebhookBody,
    readOnlyFields: WEBHOOK_READ_ONLY_FIELDS,
    success: { 201: { description: "The endpoint, with its secret", schema: createdWebhookSchema } },
    errors: [...webhookErrors, "conflict", ...bodyErrors],
  }),
  get: webhookOperation({
    method: "get",
    path: "/api/dev/webhooks/{id}",
    operationId: "getWebhook",
    summary: "One endpoint",
    success: { 200: { description: "The endpoint", schema: webhookSchema } },
    errors: [...webhookErrors, "not_found"],
  }),
  update: webhookOperation({
    method: "put",
    path: "/api/dev/webhooks/{id}",
    operationId: "updateWebhook",
    summary: "Change an endpoint (partial); `enabled: true` turns a disabled one on again",
    description: URL_RULES,
    body: updateWebhookBody,
    readOnlyFields: WEBHOOK_READ_ONLY_FIELDS,
    success: { 200: { description: "Updated", schema: webhookSchema } },
    errors: [...webhookErrors, "not_found", ...bodyErrors],
  }),
  patch: webhookOperation({
    method: "patch",
    path: "/api/dev/webhooks/{id}",
    operationId: "patchWebhook",
    summary: "Alias of PUT",
    body: updateWebhookBody,
    readOnlyFields: WEBHOOK_READ_ONLY_FIELDS,
    success: { 200: { description: "Updated", schema: webhookSchema } },
    errors: [...webhookErrors, "not_found", ...bodyErrors],
  }),
  delete: webhookOperation({
    method: "delete",
    path: "/api/dev/webhooks/{id}",
    operationId: "deleteWebhook",
    summary: "Delete an endpoint and its deliveries",
    success: { 204: { description: "Deleted" } },
    errors: [...webhookErrors, "not_found"],
  }),
  rotateSecret: webhookOperation({
    method: "post",
    path: "/api/dev/webhooks/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    summary: "A new signing secret (shown once); the old one signs beside it for 24 hours",
    success: { 200: { description: "The endpoint, with its new secret", schema: createdWebhookSchema } },
    errors: [...webhookErrors, "not_found"],
  }),
  deliveries: webhookOperation({
    method: "get",
    path: "/api/dev/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    summary: "The endpoint's delivery log: each attempt, newest first",
    description: "Each attempt's time, the receiver's status, how long it took, the start of its answer and the next retry.",
    query: deliveryLogQuery,
    success: { 200: { description: "Attempts", schema: listOf(deliveryAttemptSchema) } },
    errors: [...webhookErrors, "not_found", "validation_failed"],
  }),
  redeliver: webhookOperation({
    method: "post",
    path: "/api/dev/webhooks/{id}/redeliver",
    operationId: "redeliverWebhookEvent",
    summary: "Send one of the account's events to the endpoint again (the same webhook-id)",
    description: "An event of another account, or one no longer kept, is 404.",
    body: redeliverBody,
    success: { 202: { description: "Queued", schema: queuedDeliverySchema } },
    errors: [...webhookErrors, "not_found", ...bodyErrors],
  }),
  test: webhookOperation({
    method: "post",
    path: "/api/dev/webhooks/{id}/test",
    operationId: "sendWebhookTestEvent",
    summary: "Send a webhook.test event to this endpoint",
    success: { 202: { description: "Queued", schema: queuedDeliverySchema } },
    errors: [...webhookErrors, "not_found"],
  }),
};
