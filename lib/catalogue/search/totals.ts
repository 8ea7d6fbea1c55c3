import { sql } from "drizzle-orm";

import { queryRows, type Database } from "@/db/client";
import { apps } from "@/db/schema";
import { isStatementCancelled } from "@/db/unreachable";
import { KiB, estimateBytes } from "@/lib/core/bounded-cache";
import { env } from "@/lib/core/env";
import { boundedCache } from "@/lib/core/process-cache";

import { PUBLIC_LIMITS } from "../schemas";
import type { SearchBudget } from "./budget";
import { currentVersion, isExactName, matchesWords, nameHoldsWords, publicWhere, type CatalogueQuery } from "./query";

// How many public apps a search matches: counted exactly up to TOTAL_COUNTED_UP_TO, beyond which
// the answer is a lower bound (as Elasticsearch's `track_total_hits`). The bound is the result
// window a search pages through (1,000): counting up to 10,000 visited up to 10,001 rows, most of
// what a search nobody asked before cost the database (docs/benchmarks.md, issue 49). A search
// counts before it looks for its page: how many apps match decides how the page is found
// (./search.ts), so a search by relevance also counts how many apps hold the words in their name
// (its second tier; other sorts skip it: for a word common in names, as many rows again). A process
// remembers each search's counts under the catalogue version they were counted at: migration 0011
// bumps the version with every change a count can see, so a remembered count is right for as long
// as its version is the current one. Requests that need the same uncounted search share one count.
// A count gets SEARCH_COUNT_BUDGET_MS on a database server; one that runs out answers what the
// page proves (a lower bound, `isExact: false`, as GitHub's search answers `incomplete_results`),
// leaves the page to be found without knowing how many match, and is tried again after
// RECOUNT_AFTER_MS, so a flood of broad searches costs the database a bounded share, not every
// pooled connection. The memory is bounded in bytes; without it every search counts, and answers
// the same.

const TOTAL_COUNTED_UP_TO = PUBLIC_LIMITS.searchResults;
const RECOUNT_AFTER_MS = 30_000;
export type Total = { total: number; isExact: boolean };
/** What a count found: the search's total, and (counted for relevance only) how many of its apps hold every word in their name. */
export type Counts = { total: Total; inName?: Total };

/**
 * 256 KiB: ~1,000 searches of a few words (~250 bytes each with the entry and its key). Searches
 * people make repeat; each one not remembered costs one count.
 */
const REMEMBERED_BYTES = 256 * KiB;
/** `counts` undefined: the count ran out of time (then `recountAt` is set). */
type Remembered = { version: number; counts?: Counts; recountAt?: number };
const remembered = boundedCache<string, Remembered>({ name: "catalogue-search-totals", maxBytes: REMEMBERED_BYTES, sizeOf: estimateBytes });
/** Counts under way in this process: one entry per distinct search being counted right now. */
const counting = new Map<string, Promise<Remembered>>();

/** By the normalised words, as remembered pages are (./remembered.ts). */
const keyOf = (query: CatalogueQuery) =>
  JSON.stringify([query.text, query.filters.category, query.filters.environment, query.filters.featured]);

const upToBound = (counted: number, upTo: number): Total =>
  counted > upTo ? { total: upTo, isExact: false } : { total: counted, isExact: true };

/**
 * Counts, in one snapshot with the version it belongs to: the apps matching the words (stopping
 * one past `upTo`), the apps found only by their exact name, and with `inName` the apps whose name
 * holds every word (stopping one past `upTo`).
 */
export async function countMatches(
  db: Database,
  query: CatalogueQuery,
  { upTo = TOTAL_COUNTED_UP_TO, inName = true }: { upTo?: number; inName?: boolean } = {},
): Promise<{ version: number } & Counts> {
  const [row] = await queryRows<{ version: string; words: number; names: number; in_name: number | null }>(
    db,
    sql`select ${currentVersion} as version,
      (select count(*)::int from (select 1 from ${apps} where ${publicWhere(query, matchesWords(query))}
                                  limit ${upTo + 1}) as counted) as words,
      (select count(*)::int from ${apps}
       where ${publicWhere(query, sql`${isExactName(query)} and not coalesce(${matchesWords(query)}, false)`)}) as names,
      ${
        inName
          ? sql`(select count(*)::int from (select 1 from ${apps} where ${publicWhere(query, nameHoldsWords(query))}
                                            limit ${upTo + 1}) as counted)`
          : sql`null::int`
      } as in_name`,
  );
  return {
    version: Number(row!.version),
    total: upToBound(Number(row!.words) + Number(row!.names), upTo),
    ...(row!.in_name === null ? {} : { inName: upToBound(Number(row!.in_name), upTo) }),
  };
}

/**
 * `countMatches` within SEARCH_COUNT_BUDGET_MS and what is left of the search's budget (the server
 * cancels it past that; PGlite has no statement timeout), in a savepoint of the search's
 * transaction, which a cancelled count leaves usable.
 */
async function countWithinBudget(query: CatalogueQuery, version: number, budget: SearchBudget, inName: boolean): Promise<Remembered> {
  const outOfTime = (): Remembered => ({ version, recountAt: Date.now() + RECOUNT_AFTER_MS });
  const ms = Math.min(env().SEARCH_COUNT_BUDGET_MS, budget.left());
  if (ms <= 0) return outOfTime();
  try {
    const { version: countedAt, ...counts } = await budget.tx.transaction(async (tx) => {
      budget.limitNext(ms);
      return countMatches(tx as unknown as Database, query, { inName });
    });
    return { version: countedAt, counts };
  } catch (error) {
    if (!isStatementCancelled(error)) throw error;
    return outOfTime();
  }
}

/** A remembered count answers a search under `version` (with the apps holding the words in their name if it needs them). */
const answers = (known: Remembered | undefined, version: number, inName: boolean): known is Remembered =>
  known !== undefined &&
  known.version === version &&
  (known.recountAt === undefined ? !inName || known.counts?.inName !== undefined : Date.now() < known.recountAt);

/**
 * The search's counts under `version` (the catalogue's current one), with how many apps hold the
 * words in their name if `inName` (relevance): remembered, or counted now; undefined when counting
 * ran out of time.
 */
export async function countsAt(
  query: CatalogueQuery,
  version: number,
  budget: SearchBudget,
  { inName }: { inName: boolean },
): Promise<Counts | undefined> {
  const key = keyOf(query);
  let known = remembered.get(key);
  if (!answers(known, version, inName)) {
    const countKey = `${key}${inName ? " in name" : ""}`;
    let count = counting.get(countKey);
    if (!count) {
      count = countWithinBudget(query, version, budget, inName).finally(() => counting.delete(countKey));
      counting.set(countKey, count);
    }
    known = await count;
    // A count without the names never replaces one with them at the same version.
    if (!answers(remembered.get(key), known.version, true)) remembered.set(key, known);
  }
  return known.counts;
}

/** The total a search answers: its count, or, without one, the lower bound `atLeast` its page proves (its offset plus its apps). */
export function answeredTotal(counts: Counts | undefined, atLeast: number): Total {
  if (counts === undefined) return { total: atLeast, isExact: false };
  return counts.total.isExact ? counts.total : { total: Math.max(counts.total.total, atLeast), isExact: false };
}
