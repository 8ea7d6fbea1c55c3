import { sql, type SQL } from "drizzle-orm";

import { apps } from "@/db/schema";

// Search words and their tsquery text (matched against the lexemes of the generated
// `apps.search_document` by lib/catalogue-search: the name stemmed and as typed, weight A;
// description B; long description C), plus typo-tolerant matching of names through pg_trgm. User
// text never reaches SQL except as a bound parameter, and the tsquery text is rebuilt from letters
// and digits only, so no tsquery operator survives.

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

/** Name words at least this long also match a longer word typed after them ("sync" for "synchron"). */
const MIN_NAME_STEM = 4;
/**
 * ...and at most this long: no name has longer words, and each stem is one more term for the
 * index to look up, so a 100-letter word costs 20 of them, not 96.
 */
const MAX_NAME_STEM = 24;

/**
 * One word's tsquery: the word as a prefix (`slac:*`), or, for longer words, a name word that the
 * typed word begins with (`synchron` → `… | sync:A | synch:A | …`), as people type past a name's
 * short form. Against the listing's document, name words are those of weight A; the name's own
 * document holds nothing else, so there the query carries no weights (a weight makes Postgres
 * recheck each match in the table, not only in the index).
 */
function wordTsquery(word: string, document: "listing" | "name"): string {
  // Cut by code points: a cut between the halves of a surrogate pair is not text Postgres accepts.
  const characters = [...word];
  const nameWeight = document === "listing" ? ":A" : "";
  const nameStems = [];
  const longest = Math.min(characters.length - 1, MAX_NAME_STEM);
  for (let length = MIN_NAME_STEM; length <= longest; length++) nameStems.push(`${characters.slice(0, length).join("")}${nameWeight}`);
  return nameStems.length === 0 ? `${word}:*` : `(${[`${word}:*`, ...nameStems].join(" | ")})`;
}

/** `["slac", "sy"]` → `slac:* & sy:*`, for the listing's document (`apps.search_document`) or the name's (`apps.name_document`). */
export function prefixTsquery(words: readonly string[], document: "listing" | "name" = "listing"): string {
  return words.map((word) => wordTsquery(word, document)).join(" & ");
}

const typed = (search: PublicSearch) => sql`lower(${search.words.join(" ")}::text)`;
const hasTypoTolerance = (search: PublicSearch) => search.words.some((word) => word.length >= MIN_TYPO_LENGTH);
/** The name holds words that look like the search (pg_trgm word similarity ≥ 0.6: "slak" ~ "Slack"); served by the trigram index. */
const isSimilarName = (search: PublicSearch) => sql`lower(${apps.name}) %> ${typed(search)}`;

/**
 * The fallback when the words match nothing (lib/catalogue-search): names that look like the search (a typo,
 * "slak" → "Slack Sync"); undefined when the words are too short for typo tolerance. Kept apart
 * from the full-text match because OR-ing the two made every search a sequential scan that scored
 * each public row's name (docs/benchmarks.md).
 */
export function lookalikeCondition(search: PublicSearch): SQL | undefined {
  return hasTypoTolerance(search) ? isSimilarName(search) : undefined;
}

/**
 * Relevance among typo matches (the only search Postgres still orders: lib/catalogue-search orders
 * word matches): names most like the search first. The caller adds the id tiebreak.
 */
export function relevanceOrder(search: PublicSearch): SQL[] {
  return [sql`${nameSimilarity(search)} desc`];
}

/** How much the name looks like the search, 0–1 (pg_trgm word similarity): ranks typo matches and "did you mean". */
export function nameSimilarity(search: PublicSearch): SQL {
  return sql`word_similarity(${typed(search)}, lower(${apps.name}))`;
}
