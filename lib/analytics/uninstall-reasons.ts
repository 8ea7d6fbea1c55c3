import { sql } from "drizzle-orm";

import { getDb, queryRows } from "@/db/client";
import { UNINSTALL_REASONS, type UninstallReason } from "@/lib/core/enums";

import { addDays, type DayRange } from "./range";
import type { UninstallReasons } from "./schemas";

/** How many of the latest comments are shown. */
const COMMENTS = 50;

const startOf = (day: string) => `${day}T00:00:00.000Z`;

/** Why workspaces removed the app in `range`: a count per reason, and the latest comments, never who wrote them. */
export async function uninstallReasonsOf(appId: string, range: DayRange): Promise<UninstallReasons> {
  const db = await getDb();
  const within = sql`app_id = ${appId} and removed_at >= ${startOf(range.from)}::timestamptz
    and removed_at < ${startOf(addDays(range.to, 1))}::timestamptz`;
  const [counts, comments] = await Promise.all([
    queryRows<{ reason: UninstallReason | null; count: string }>(
      db,
      sql`select removal_reason as reason, count(*)::text as count from installs where ${within} group by 1`,
    ),
    queryRows<{ day: string; reason: UninstallReason | null; comment: string }>(
      db,
      sql`select (removed_at at time zone 'UTC')::date::text as day, removal_reason as reason, removal_comment as comment
          from installs where ${within} and removal_comment is not null
          order by removed_at desc limit ${COMMENTS}`,
    ),
  ]);
  const countOf = new Map(counts.map((row) => [row.reason, Number(row.count)]));
  return {
    ...range,
    uninstalls: counts.reduce((total, row) => total + Number(row.count), 0),
    withoutReason: countOf.get(null) ?? 0,
    reasons: UNINSTALL_REASONS.map((reason) => ({ reason, count: countOf.get(reason) ?? 0 })),
    comments,
  };
}
