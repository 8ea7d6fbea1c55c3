import { sql, type SQL } from "drizzle-orm";

import { apps } from "@/db/schema";

// Search words (matched against the lexemes of the generated `apps.search_document` by
// lib/catalogue/search, which turns them into a tsquery in the database: `catalogue_query`,
// migration 0013), plus typo-tolerant matching of names through pg_trgm. User text never reaches
// SQL except as a bound parameter, and words are letters, marks and digits only, so no tsquery
// operator survives.

const MAX_WORDS = 16;
/** Words shorter than this are not matched with typo tolerance: "ab" is similar to too much. */
const MIN_TYPO_LENGTH = 3;

export type PublicSearch = {
  /** The search as typed, trimmed with runs of whitespace collapsed: compared with names. */
  text: string;
  /** Lowercase words: runs of letters, combining marks and digits. */
  words: string[];
};

export function parseSearch(search: string): PublicSearch {
  return {
    // Postgres text cannot hold NUL, and no name does: it is dropped, not sent.
    text: search.replaceAll("\u0000", "").trim().replace(/\s+/g, " "),
    words: (search.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS),
  };
}

const typed = (search: PublicSearch) => sql`lower(${search.words.join(" ")}::text)`;
const hasTypoTolerance = (search: PublicSearch) => search.words.some((word) => word.length >= MIN_TYPO_LENGTH);
/** The name holds words that look like the search (pg_trgm word similarity ≥ 0.6: "slak" ~ "Slack"); served by the trigram index. */
const isSimilarName = (search: PublicSearch) => sql`lower(${apps.name}) %> ${typed(search)}`;

/**
 * The fallback when the words match nothing (lib/catalogue/search): names that look like the search (a typo,
 * "slak" → "Slack Sync"); undefined when the words are too short for typo tolerance. Kept apart
 * from the full-text match because OR-ing the two made every search a sequential scan that scored
 * each public row's name (docs/benchmarks.md).
 */
export function lookalikeCondition(search: PublicSearch): SQL | undefined {
  return hasTypoTolerance(search) ? isSimilarName(search) : undefined;
}

/**
 * Relevance among typo matches (the only search Postgres still orders: lib/catalogue/search orders
 * word matches): names most like the search first. The caller adds the id tiebreak.
 */
export function relevanceOrder(search: PublicSearch): SQL[] {
  return [sql`${nameSimilarity(search)} desc`];
}

/** How much the name looks like the search, 0–1 (pg_trgm word similarity): ranks typo matches and "did you mean". */
export function nameSimilarity(search: PublicSearch): SQL {
  return sql`word_similarity(${typed(search)}, lower(${apps.name}))`;
}
