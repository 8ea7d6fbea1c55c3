import { sql } from "drizzle-orm";

import { queryRows, type Executor } from "@/db/client";
import type { ApprovalQueue } from "@/lib/core/enums";

import { QUEUES } from "./queues";

/** The window the measured times to a decision look back over. */
const DECISION_WINDOW_DAYS = 30;

export type DecisionTimes = { decisions: number; medianSeconds: number | null; p90Seconds: number | null };

/**
 * The median and 90th percentile time from submission to decision of the queue's decisions of the
 * last 30 days, measured by Postgres from the audit log: for each decision event (approve or
 * reject), the time since the last submission event of the same item before it. Decisions without
 * a submission on record (older than the audit log) are left out.
 */
export async function decisionTimes(db: Executor, queue: ApprovalQueue): Promise<DecisionTimes> {
  const { started, decided } = QUEUES[queue];
  const [row] = await queryRows<{ decisions: number; median: number | null; p90: number | null }>(
    db,
    sql`select count(*)::int as decisions,
          (percentile_cont(0.5) within group (order by waited))::float8 as median,
          (percentile_cont(0.9) within group (order by waited))::float8 as p90
        from (
          select extract(epoch from d.created_at - s.started_at) as waited
          from audit_events d
          cross join lateral (
            select max(s.created_at) as started_at from audit_events s
            where s.target_type = d.target_type and s.target_id = d.target_id
              and s.action = ${started} and s.created_at <= d.created_at
          ) s
          where d.action in (${sql.join(
            decided.map((action) => sql`${action}`),
            sql`, `,
          )})
            and d.created_at > now() - make_interval(days => ${DECISION_WINDOW_DAYS})
            and s.started_at is not null
        ) waits`,
  );
  const seconds = (value: number | null | undefined) => (value === null || value === undefined ? null : Math.round(Number(value)));
  return { decisions: Number(row?.decisions ?? 0), medianSeconds: seconds(row?.median), p90Seconds: seconds(row?.p90) };
}
