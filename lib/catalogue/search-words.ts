import { sql, type SQL } from "drizzle-orm";

import { apps } from "@/db/schema";

// Search words (matched against the lexemes of the generated `apps.search_document` by
// lib/catalogue/search, which turns them into a tsquery in the database: `catalogue_query`,
// migration 0013), plus typo-tolerant matching of names through pg_trgm. User text never reaches
// SQL except as a bound parameter, and words are letters, marks and digits only, so no tsquery
// operator survives.

// Bounds that keep a search's cost small whatever is typed (issue 42: sixteen one-letter prefixes,
// each expanding to every lexeme that starts with its letter, cost ~1.4 s of Postgres CPU):
/** Words after the eighth are left out: a listing rarely needs more to be found, and each word is a term of every statement. */
const MAX_WORDS = 8;
/** Longer words are cut to this many characters, still matched as a prefix: the longest name words are shorter. */
const MAX_WORD_LENGTH = 32;
/**
 * Words shorter than this match whole words only (`catalogue_query`, migration 0054): a one- or
 * two-letter prefix means nothing and matches thousands of lexemes; "ai" still finds "AI Notes".
 * Nor are they matched with typo tolerance: "ab" is similar to too much.
 */
const MIN_PREFIX_LENGTH = 3;

export type PublicSearch = {
  /**
   * The search normalised: its words (every one, uncut), joined by one space. Compared with the
   * names normalised the same way (exact-name matches) and the key of every remembered answer, so
   * `a,b,c` and `a b c` are one search.
   */
  text: string;
  /** The words matched: lowercase runs of letters, combining marks and digits; the first eight, each cut to 32 characters. */
  words: string[];
};

export function parseSearch(search: string): PublicSearch {
  const all = search.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  return {
    text: all.join(" "),
    words: all.slice(0, MAX_WORDS).map((word) => [...word].slice(0, MAX_WORD_LENGTH).join("")),
  };
}

/**
 * What typo tolerance compares with names: the first three words of three characters or more. A
 * shorter word shares its trigrams with most names, and more words than a name holds can never be
 * 60% like it, yet each word's trigrams are posting lists the index reads.
 */
const MAX_TYPO_WORDS = 3;
const typed = (search: PublicSearch) =>
  sql`lower(${search.words
    .filter((word) => word.length >= MIN_PREFIX_LENGTH)
    .slice(0, MAX_TYPO_WORDS)
    .join(" ")}::text)`;
const hasTypoTolerance = (search: PublicSearch) => search.words.some((word) => word.length >= MIN_PREFIX_LENGTH);
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
