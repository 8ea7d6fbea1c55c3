import { sql } from "drizzle-orm";

import { queryRows, type Database, type Executor } from "@/db/client";
import { developerEventPositions, developerEvents } from "@/db/schema";

// Why events get their feed position here and not when they are written: a sequence value drawn at
// insert time is in the order transactions wrote, not the order they committed, so a reader that
// saw position 8 could later find a 7 that committed after it, and miss it. Here positions are given
// only to committed events (those this statement sees), by one sequencer at a time, and commit
// with it: a position only ever appears after every smaller one. An event whose transaction commits
// later gets a later position in a later pass.

/** Any number fixed for this purpose: the advisory lock that lets one sequencer run at a time. */
const SEQUENCER_LOCK = 727274045;
const DEFAULT_BATCH = 1_000;

export type SequencedEvent = { id: string; developerId: string; appId: string | null; type: string; position: number };

/**
 * Gives the next positions to committed events, oldest first, and returns them (empty when another
 * sequencer is at work, or none is waiting). `afterSequencing` runs in the same transaction, with
 * the events it sequenced (fanning them out to webhook deliveries), so the two commit together.
 */
export async function sequenceEvents(
  db: Database,
  {
    batch = DEFAULT_BATCH,
    afterSequencing,
  }: { batch?: number; afterSequencing?: (tx: Executor, events: SequencedEvent[]) => Promise<void> } = {},
): Promise<SequencedEvent[]> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SEQUENCER_LOCK}) as locked`);
    if (!lock?.locked) return [];
    const rows = await queryRows<{ id: string; developer_id: string; app_id: string | null; type: string; position: string }>(
      tx,
      sql`with waiting as (
          select ${developerEvents.id} as id from ${developerEvents}
          where ${developerEvents.position} is null
          order by ${developerEvents.createdAt}, ${developerEvents.id}
          limit ${batch}
        ), numbered as (
          select id, nextval('${sql.raw(developerEventPositions.seqName!)}') as position from waiting
        )
        update ${developerEvents} set position = numbered.position from numbered where ${developerEvents.id} = numbered.id
        returning ${developerEvents.id} as id, ${developerEvents.developerId} as developer_id, ${developerEvents.appId} as app_id,
          ${developerEvents.type} as type, ${developerEvents.position} as position`,
    );
    const events = rows
      .map((row) => ({ id: row.id, developerId: row.developer_id, appId: row.app_id, type: row.type, position: Number(row.position) }))
      .sort((a, b) => a.position - b.position);
    if (events.length > 0) await afterSequencing?.(tx, events);
    return events;
  });
}
