import { sql } from "drizzle-orm";

import { queryRows, type Database } from "@/db/client";
import { apps } from "@/db/schema";
import { isStatementCancelled } from "@/db/unreachable";
import { KiB, estimateBytes } from "@/lib/core/bounded-cache";
import { env } from "@/lib/core/env";
import { boundedCache } from "@/lib/core/process-cache";

import type { SearchBudget } from "./budget";
import { currentVersion, isExactName, matchesWords, publicWhere, type CatalogueQuery } from "./query";

// How many public apps a search matches: counted exactly up to TOTAL_COUNTED_UP_TO, beyond which
// the answer is a lower bound (as Elasticsearch's `track_total_hits`). Counting is the one step of
// a search whose cost grows with its matches (up to ~0.2 s for two broad words at 100,000 apps,
// docs/benchmarks.md), so a process remembers each search's total under the catalogue version it
// was counted at: migration 0011 bumps the version with every change a total can see, so a
// remembered total is right for as long as its version is the current one. Requests that need
// the same uncounted total share one count. A count gets SEARCH_COUNT_BUDGET_MS on a database server;
// one that runs out answers what the page proves (a lower bound, `isExact: false`, as GitHub's
// search answers `incomplete_results`) and is tried again after RECOUNT_AFTER_MS, so a flood of
// broad searches costs the database a bounded share, not every pooled connection. The memory is
// bounded in bytes; without it every search counts, and answers the same.

const TOTAL_COUNTED_UP_TO = 10_000;
const RECOUNT_AFTER_MS = 30_000;
export type Total = { total: number; isExact: boolean };

/**
 * 256 KiB: ~1,000 searches of a few words (~250 bytes each with the entry and its key). Searches
 * people make repeat; each one not remembered costs one count.
 */
const REMEMBERED_BYTES = 256 * KiB;
type Remembered = { version: number; total: Total; recountAt?: number };
const remembered = boundedCache<string, Remembered>({ name: "catalogue-search-totals", maxBytes: REMEMBERED_BYTES, sizeOf: estimateBytes });
/** Counts under way in this process: one entry per distinct search being counted right now. */
const counting = new Map<string, Promise<Remembered>>();

/** By the normalised words, as remembered pages are (./remembered.ts). */
const keyOf = (query: CatalogueQuery) =>
  JSON.stringify([query.text, query.filters.category, query.filters.environment, query.filters.featured]);

/**
 * Counts, in one snapshot with the version it belongs to: the apps matching the words (stopping
 * one past `upTo`) and the apps found only by their exact name.
 */
export async function countMatches(
  db: Database,
  query: CatalogueQuery,
  upTo = TOTAL_COUNTED_UP_TO,
): Promise<{ version: number; total: Total }> {
  const [row] = await queryRows<{ version: string; words: number; names: number }>(
    db,
    sql`select ${currentVersion} as version,
      (select count(*)::int from (select 1 from ${apps} where ${publicWhere(query, matchesWords(query))}
                                  limit ${upTo + 1}) as counted) as words,
      (select count(*)::int from ${apps}
       where ${publicWhere(query, sql`${isExactName(query)} and not coalesce(${matchesWords(query)}, false)`)}) as names`,
  );
  const matches = Number(row!.words) + Number(row!.names);
  const total = matches > upTo ? { total: upTo, isExact: false } : { total: matches, isExact: true };
  return { version: Number(row!.version), total };
}

/**
 * `countMatches` within SEARCH_COUNT_BUDGET_MS and what is left of the search's budget (the server
 * cancels it past that; PGlite has no statement timeout), in a savepoint of the search's
 * transaction, which a cancelled count leaves usable.
 */
async function countWithinBudget(query: CatalogueQuery, version: number | undefined, budget: SearchBudget): Promise<Remembered> {
  const outOfTime = (): Remembered => ({
    version: version!,
    total: { total: 0, isExact: false },
    recountAt: Date.now() + RECOUNT_AFTER_MS,
  });
  const ms = Math.min(env().SEARCH_COUNT_BUDGET_MS, budget.left());
  if (ms <= 0 && version !== undefined) return outOfTime();
  try {
    return await budget.tx.transaction(async (tx) => {
      await budget.limitNext(ms);
      return countMatches(tx as unknown as Database, query);
    });
  } catch (error) {
    if (!isStatementCancelled(error) || version === undefined) throw error;
    return outOfTime();
  }
}

/**
 * The search's total: remembered under `version` (the one its page was read at), or counted now.
 * `atLeast` is what the page itself proves (its offset plus its apps): the answer when the count
 * ran out of time.
 */
export async function countedTotal(
  query: CatalogueQuery,
  version: number | undefined,
  atLeast: number,
  budget: SearchBudget,
): Promise<Total> {
  const key = keyOf(query);
  let known = remembered.get(key);
  if (!known || known.version !== version || (known.recountAt !== undefined && Date.now() >= known.recountAt)) {
    let count = counting.get(key);
    if (!count) {
      count = countWithinBudget(query, version, budget).finally(() => counting.delete(key));
      counting.set(key, count);
    }
    known = await count;
    remembered.set(key, known);
  }
  return known.total.isExact ? known.total : { total: Math.max(known.total.total, atLeast), isExact: false };
}
