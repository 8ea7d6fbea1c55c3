import { getTableName, sql } from "drizzle-orm";

import { getDb, queryRows } from "@/db/client";
import { APPROVAL_QUEUES, type ApprovalQueue } from "@/lib/core/enums";

import { decisionTimes, type DecisionTimes } from "./decision-times";
import { QUEUES } from "./queues";

/** Ageing marks: an item waiting longer than these many hours is marked. */
const AGEING_HOURS = [24, 48] as const;

export type QueueStatistics = {
  queue: ApprovalQueue;
  waiting: number;
  oldestWaitingSince: Date | null;
  ageMedianSeconds: number | null;
  ageP90Seconds: number | null;
  over24h: number;
  over48h: number;
  decisionTimes: DecisionTimes;
  decisionsByDay: { date: string; count: number }[];
};

const seconds = (value: number | null) => (value === null ? null : Math.round(Number(value)));

/** One queue's figures, measured by Postgres now: its waiting items' ages, and its decisions of the last 30 days by UTC day. */
async function statisticsOf(queue: ApprovalQueue): Promise<QueueStatistics> {
  const db = await getDb();
  const { table, waitingSince, status, decided } = QUEUES[queue];
  const since = sql.identifier(waitingSince.name);
  const [ages] = await queryRows<{
    waiting: number;
    oldest: number | null;
    median: number | null;
    p90: number | null;
    over24: number;
    over48: number;
  }>(
    db,
    sql`select count(*)::int as waiting,
          (extract(epoch from min(${since})) * 1000)::float8 as oldest,
          (percentile_cont(0.5) within group (order by extract(epoch from now() - ${since})))::float8 as median,
          (percentile_cont(0.9) within group (order by extract(epoch from now() - ${since})))::float8 as p90,
          (count(*) filter (where ${since} < now() - make_interval(hours => ${AGEING_HOURS[0]})))::int as over24,
          (count(*) filter (where ${since} < now() - make_interval(hours => ${AGEING_HOURS[1]})))::int as over48
        from ${sql.identifier(getTableName(table))} where ${sql.identifier(status.name)} = 'PENDING'`,
  );
  const days = await queryRows<{ date: string; count: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as date, count(e.id)::int as count
        from generate_series((now() at time zone 'UTC')::date - 29, (now() at time zone 'UTC')::date, interval '1 day') as day
        left join audit_events e on e.action in (${sql.join(
          decided.map((action) => sql`${action}`),
          sql`, `,
        )}) and e.created_at >= (day at time zone 'UTC') and e.created_at < ((day + interval '1 day') at time zone 'UTC')
        group by day order by day`,
  );
  return {
    queue,
    waiting: Number(ages?.waiting ?? 0),
    oldestWaitingSince: ages?.oldest === null || ages?.oldest === undefined ? null : new Date(Number(ages.oldest)),
    ageMedianSeconds: seconds(ages?.median ?? null),
    ageP90Seconds: seconds(ages?.p90 ?? null),
    over24h: Number(ages?.over24 ?? 0),
    over48h: Number(ages?.over48 ?? 0),
    decisionTimes: await decisionTimes(db, queue),
    decisionsByDay: days.map(({ date, count }) => ({ date, count: Number(count) })),
  };
}

/** The figures of the three review queues, for the dashboard and GET /api/admin/queue-stats. */
export function queueStatistics(): Promise<QueueStatistics[]> {
  return Promise.all(APPROVAL_QUEUES.map((queue) => statisticsOf(queue)));
}
