import { sql } from "drizzle-orm";

import { connect, getDb, type Database } from "@/db/client";
import { isStatementCancelled } from "@/db/unreachable";
import { env } from "@/lib/core/env";
import { ApiError } from "@/lib/core/errors";

// One time budget for a whole search: its statements (the candidates, the page, the count) run in
// one transaction, each under a statement timeout of what is left of SEARCH_BUDGET_MS (2 s, never
// more than DATABASE_STATEMENT_TIMEOUT_MS), so no search holds a connection longer, however its
// statements share the time (a budget per statement let a search of three take three times it).
// A search past its budget is 503 `service_unavailable` with Retry-After. On PGlite (no statement
// timeout, one connection) the budget is checked before each statement.

export type SearchBudget = {
  /** The transaction the search's statements run in. */
  tx: Database;
  /** Just before a statement the search cannot do without: its timeout is what is left of the budget; throws the 503 once it is spent. */
  next(): void;
  /** Milliseconds left of the budget (0 once spent). */
  left(): number;
  /** Just before a statement the search can answer without (the count): its timeout is `ms`. */
  limitNext(ms: number): void;
};

const RETRY_AFTER_SECONDS = 5;

/**
 * A search's statements are named (parsed once per connection, one round trip each: db/client.ts)
 * but planned for each call's own values: how many apps a word matches decides the plan, and a
 * generic plan would be the same for `task` (35,000 apps) and `kanban` (200).
 */
const PLANNED_PER_CALL = sql`, set_config('plan_cache_mode', 'force_custom_plan', true)`;

const outOfTime = (budgetMs: number) =>
  new ApiError(
    "service_unavailable",
    `the search took longer than its ${budgetMs} ms; fewer or longer words cost less, or retry in ${RETRY_AFTER_SECONDS} s`,
    { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } },
  );

/** Runs `search` in a transaction whose statements share SEARCH_BUDGET_MS. */
export async function withinSearchBudget<T>(search: (budget: SearchBudget) => Promise<T>): Promise<T> {
  // Never more than any one statement may take.
  const budgetMs = Math.min(env().SEARCH_BUDGET_MS, env().DATABASE_STATEMENT_TIMEOUT_MS);
  const deadline = performance.now() + budgetMs;
  const db = await getDb();
  // PGlite has no statement timeout to set: the budget is checked between statements only.
  const timeouts = (await connect()).kind === "postgres";
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const left = () => Math.max(0, Math.floor(deadline - performance.now()));
      // Sent ahead of the statement it limits and not awaited: postgres.js writes a transaction's
      // statements in the order they are issued, so the two share one round trip. A failure of it
      // fails the statement after it, and the transaction (postgres.js keeps the first error).
      const setStatementTimeout = (ms: number, first = false) => {
        if (!timeouts) return;
        const timeout = sql`set_config('statement_timeout', ${String(Math.max(1, ms))}, true)`;
        // A Drizzle query starts when its then() is called.
        void tx.execute(sql`select ${timeout}${first ? PLANNED_PER_CALL : sql``}`).then(undefined, () => undefined);
      };
      const limitNext = (ms: number) => setStatementTimeout(ms);
      const next = () => {
        if (left() <= 0) throw outOfTime(budgetMs);
        limitNext(left());
      };
      // Every statement of the search, its first included, under the budget and planned per call.
      setStatementTimeout(left(), true);
      return search({ tx, next, left, limitNext });
    });
  } catch (error) {
    if (isStatementCancelled(error)) throw outOfTime(budgetMs);
    throw error;
  }
}
