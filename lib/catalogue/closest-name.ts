import { and, eq, sql, type SQL } from "drizzle-orm";

import { getDb, queryRows } from "@/db/client";
import { apps } from "@/db/schema";

import type { CatalogueFilters } from "./search/query";
import { lookalikeCondition, nameSimilarity, parseSearch, type PublicSearch } from "./search-words";

// "Did you mean": the public app name most like a search that found nothing, if one is close
// enough (pg_trgm word similarity ≥ 0.3), among the apps the same filters show (a name from another
// category would find nothing again, and suggest itself again). Through the trigram index on
// public names (migration 0006), as the search's typo fallback: the similarity as a function
// scored every public name (596 ms for a 100-letter word at 100,000 apps, issue 42); as the
// operator `%>` under a threshold set for the transaction, the index finds the few names sharing
// enough trigrams. The search's words are bounded (eight of at most 32 characters), so is the
// number of trigrams asked for; words under three characters give no suggestion, as they get no
// typo tolerance.

/** Below this, a name is too unlike a search to be offered. */
const SUGGESTION_SIMILARITY = 0.3;
/**
 * From this on, the name is taken for what was meant: the browse page shows its results at once
 * ("Showing results for …"). Two-word typos of a name score 0.53–0.59 ("slak sync", "budgt
 * planer", "gihub issus"), under the 0.6 the search's own typo tolerance matches at; one word of a
 * two-word name, misspelt, stays a suggestion ("buget" ~ "Budget Planner": 0.44).
 */
const CONFIDENT_SIMILARITY = 0.5;

/** The statement, for a search with a word of three characters or more, under the threshold set by `closestPublicName`. */
export function closestNameStatement(search: PublicSearch, { category, environment, featured }: CatalogueFilters): SQL | undefined {
  const lookalike = lookalikeCondition(search);
  if (lookalike === undefined) return undefined;
  const where = and(
    sql`${apps.public}`,
    category === undefined ? undefined : eq(apps.category, category),
    environment === undefined ? undefined : eq(apps.environment, environment),
    featured === undefined ? undefined : eq(apps.featured, featured),
    lookalike,
  );
  return sql`select ${apps.name} as name, ${nameSimilarity(search)} as similarity from ${apps} where ${where} order by 2 desc, ${apps.id} limit 1`;
}

/**
 * The public name most like `search`, and whether it is close enough to be taken for what was
 * meant; undefined when none is close enough to offer.
 */
export async function closestPublicName(
  search: string,
  filters: CatalogueFilters = {},
): Promise<{ name: string; confident: boolean } | undefined> {
  const statement = closestNameStatement(parseSearch(search), filters);
  if (statement === undefined) return undefined;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SUGGESTION_SIMILARITY)}, true)`);
    const [row] = await queryRows<{ name: string; similarity: number | string }>(tx, statement);
    return row && { name: row.name, confident: Number(row.similarity) >= CONFIDENT_SIMILARITY };
  });
}
