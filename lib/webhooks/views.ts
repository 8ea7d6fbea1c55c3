import type { DeveloperEvent } from "@/db/schema";
import { cursorOf } from "@/lib/events/cursor";
import type { EventType } from "@/lib/events/types";

import type { EventFeedResource, EventResource } from "./schemas";

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
