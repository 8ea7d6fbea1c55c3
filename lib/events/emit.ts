import { sql, type SQL } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { developerEvents } from "@/db/schema";

import { EVENT_API_VERSION, type EventType } from "./types";

export type EventInput = {
  developerId: string;
  /** The app the event is about; null or absent for the account's own events. */
  appId?: string | null;
  type: EventType;
  /** Built from the API's views by the domain that emits it: never a customer's email or Yapture id. */
  data: Record<string, unknown>;
};

/**
 * Records an event in the transaction of the change it reports (`tx`): it exists if and only if the
 * change commits. Delivery and the feed pick it up once it is sequenced. Returns its id.
 */
export async function emitEvent(tx: Executor, event: EventInput): Promise<string> {
  const [row] = await tx
    .insert(developerEvents)
    .values({
      developerId: event.developerId,
      appId: event.appId ?? null,
      type: event.type,
      apiVersion: EVENT_API_VERSION,
      data: event.data,
    })
    .returning({ id: developerEvents.id });
  return row!.id;
}

/**
 * The same as one part of a statement that writes the change itself (a `WITH` of a single-statement
 * write, like an install): inserts an event for each row of `rows`, a query of
 * `(developer_id, app_id, data)`.
 */
export function emitEventsSql(type: EventType, rows: SQL): SQL {
  return sql`insert into ${developerEvents} (developer_id, app_id, type, api_version, data, created_at)
    select developer_id, app_id, ${type}, ${EVENT_API_VERSION}, data, clock_timestamp() from (${rows}) as event_rows`;
}
