import { sql } from "drizzle-orm";

import { queryRows, type Database } from "@/db/client";
import { apps } from "@/db/schema";
import { KiB, estimateBytes } from "@/lib/bounded-cache";
import { boundedCache } from "@/lib/process-cache";

import { currentVersion, isExactName, matchesWords, publicWhere, type CatalogueQuery } from "./query";

// How many public apps a search matches: counted exactly up to TOTAL_COUNTED_UP_TO, beyond which
// the answer is a lower bound (as Elasticsearch's `track_total_hits`). Counting is the one step of
// a search whose cost grows with its matches (tens of milliseconds for a word in 30,000 of 100,000
// apps, docs/benchmarks.md), so a process remembers each search's total under the catalogue
// version it was counted at: migration 0011 bumps the version with every change a total can see,
// so a remembered total is right for as long as its version is the current one. The memory is
// bounded in bytes; without it every search counts, and answers the same.

const TOTAL_COUNTED_UP_TO = 10_000;
export type Total = { total: number; isExact: boolean };

/**
 * 256 KiB: ~1,000 searches of a few words (~250 bytes each with the entry and its key). Searches
 * people make repeat; each one not remembered costs one count.
 */
const REMEMBERED_BYTES = 256 * KiB;
type Remembered = { version: number; total: Total };
const remembered = boundedCache<string, Remembered>({ name: "catalogue-search-totals", maxBytes: REMEMBERED_BYTES, sizeOf: estimateBytes });

const keyOf = (query: CatalogueQuery) =>
  JSON.stringify([query.words, query.text.toLowerCase(), query.filters.category, query.filters.environment, query.filters.featured]);

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

/** The search's total: remembered under `version` (the one its page was read at), or counted now. */
export async function countedTotal(db: Database, query: CatalogueQuery, version: number | undefined): Promise<Total> {
  const key = keyOf(query);
  const known = remembered.get(key);
  if (known && known.version === version) return known.total;
  const counted = await countMatches(db, query);
  remembered.set(key, counted);
  return counted.total;
}
