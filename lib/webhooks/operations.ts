import { ROLES_THAT } from "@/lib/members/roles";
import { operationOf, scoped } from "@/lib/validation/operation";

import { eventFeedQuery, eventFeedSchema } from "./schemas";

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
