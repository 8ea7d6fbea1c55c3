import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { readEventFeed } from "@/lib/webhooks/feed";
import { EVENTS } from "@/lib/webhooks/operations";
import { eventFeedView } from "@/lib/webhooks/views";

// GET /api/dev/events — the account's events after a cursor, oldest first (docs/webhooks.md).
export const { GET } = handle(EVENTS.feed, async ({ access, query }) => json(eventFeedView(await readEventFeed({ access, query }))));

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
