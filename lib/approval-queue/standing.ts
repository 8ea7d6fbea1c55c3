import { getTableName, sql } from "drizzle-orm";

import { queryRows, type Executor } from "@/db/client";
import type { ApprovalQueue } from "@/lib/core/enums";

import { decisionTimes, type DecisionTimes } from "./decision-times";
import { QUEUES } from "./queues";

/** Where an item waiting for a decision stands in its queue. Counts and times only: nothing of any other item. */
export type Standing = {
  queue: ApprovalQueue;
  /** 1 for the next to be decided: items are decided oldest-submitted first, as the administrators' queue lists them. */
  position: number;
  queueLength: number;
  waitingSince: Date;
  decisionTimes: DecisionTimes;
  /** When 9 in 10 items of the last 30 days had their decision, counted from this one's submission; null without decisions to measure. */
  expectedBy: Date | null;
  /** When an administrator claimed it (while the claim holds), else null. */
  pickedUpAt: Date | null;
  lastActivityAt: Date;
};

const at = (epochMs: number | null) => (epochMs === null ? null : new Date(Number(epochMs)));
const epochMs = (value: ReturnType<typeof sql>) => sql`(extract(epoch from ${value}) * 1000)::float8`;

/** The standing of the item `itemId` of `queue` (which the caller has checked is theirs); null unless it is PENDING. */
export async function standingOf(db: Executor, queue: ApprovalQueue, itemId: string): Promise<Standing | null> {
  const { table, status, waitingSince, updatedAt, id } = QUEUES[queue];
  const from = sql.identifier(getTableName(table));
  const column = (alias: string, name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  const [ws, idOf, statusOf] = [waitingSince.name, id.name, status.name];
  const [row] = await queryRows<{
    waiting_since: number;
    last_activity: number;
    picked_up: number | null;
    position: number;
    length: number;
  }>(
    db,
    sql`select ${epochMs(column("i", ws))} as waiting_since,
          ${epochMs(sql`greatest(${column("i", updatedAt.name)}, c.claimed_at)`)} as last_activity,
          ${epochMs(sql`c.claimed_at`)} as picked_up,
          (select count(*)::int from ${from} p where ${column("p", statusOf)} = 'PENDING'
             and (${column("p", ws)}, ${column("p", idOf)}) <= (${column("i", ws)}, ${column("i", idOf)})) as position,
          (select count(*)::int from ${from} p where ${column("p", statusOf)} = 'PENDING') as length
        from ${from} i
        left join approval_claims c on c.queue = ${queue} and c.item_id = ${column("i", idOf)}
          and c.waiting_since = ${column("i", ws)} and c.expires_at > now()
        where ${column("i", idOf)} = ${itemId}::uuid and ${column("i", statusOf)} = 'PENDING'`,
  );
  if (!row) return null;
  const times = await decisionTimes(db, queue);
  const since = at(row.waiting_since)!;
  return {
    queue,
    position: Number(row.position),
    queueLength: Number(row.length),
    waitingSince: since,
    decisionTimes: times,
    expectedBy: times.p90Seconds === null ? null : new Date(since.getTime() + times.p90Seconds * 1000),
    pickedUpAt: at(row.picked_up),
    lastActivityAt: at(row.last_activity)!,
  };
}
