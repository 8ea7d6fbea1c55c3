import { sql } from "drizzle-orm";

import { queryRows, type Executor } from "@/db/client";

// The counts every instance shares, in the `rate_limits` rows rate-limiter-flexible's Drizzle store
// keeps (key `<policy>:<client>`, points, the window's end): one statement adds a batch of counts
// and answers each key's total, what every instance has sent so far. A window that has ended starts
// again with the points sent, as the library's own upsert does. The rows go in key order, so two
// instances flushing the same keys at once take their row locks in the same order (no deadlock).

/** Points counted in this process since its last flush, and the window they fall in (its end, ms since the epoch). */
type CountToAdd = { key: string; points: number; resetAt: number };
/** A key's total among all instances, and when its window ends. */
type SharedCount = { key: string; points: number; resetAt: number };

export async function addToSharedCounts(db: Executor, counts: readonly CountToAdd[], now: number): Promise<SharedCount[]> {
  const batch = JSON.stringify(counts.map(({ key, points, resetAt }) => ({ key, points, expire: new Date(resetAt).toISOString() })));
  const at = new Date(now).toISOString();
  const rows = await queryRows<{ key: string; points: number; expire: Date | string }>(
    db,
    sql`insert into rate_limits (key, points, expire)
      select key, points, expire from json_to_recordset(${batch}::json) as batch(key text, points integer, expire timestamptz)
      order by key
      on conflict (key) do update set
        points = case when rate_limits.expire <= ${at}::timestamptz then excluded.points else rate_limits.points + excluded.points end,
        expire = case when rate_limits.expire <= ${at}::timestamptz then excluded.expire else rate_limits.expire end
      returning key, points, expire`,
  );
  return rows.map((row) => ({ key: row.key, points: Number(row.points), resetAt: new Date(row.expire).getTime() }));
}
