import { and, asc, gt, inArray, isNotNull, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import { developerEvents, type DeveloperEvent } from "@/db/schema";
import { positionOf } from "@/lib/events/cursor";
import type { Access } from "@/lib/members/access";

import { accessibleEvent } from "./event-access";
import type { EventFeedQuery } from "./schemas";
import { sequencePendingEvents } from "./sequencing";

export type EventFeedPage = { events: DeveloperEvent[]; after: number | null; hasMore: boolean };

/**
 * The account's events after the cursor, oldest first, that `access` may read. Sequencing first
 * makes the events of changes that have just committed readable without waiting for the worker.
 */
export async function readEventFeed({ access, query }: { access: Access; query: EventFeedQuery }): Promise<EventFeedPage> {
  await sequencePendingEvents();
  const db = await getDb();
  const after = query.after === undefined ? null : positionOf(query.after);
  const conditions: SQL[] = [isNotNull(developerEvents.position), accessibleEvent(access)];
  if (after !== null) conditions.push(gt(developerEvents.position, after));
  if (query.types) conditions.push(inArray(developerEvents.type, query.types));
  const rows = await db
    .select()
    .from(developerEvents)
    .where(and(...conditions))
    .orderBy(asc(developerEvents.position))
    .limit(query.limit + 1);
  return { events: rows.slice(0, query.limit), after, hasMore: rows.length > query.limit };
}
