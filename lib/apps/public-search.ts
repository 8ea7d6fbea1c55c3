import { sql, type SQL } from "drizzle-orm";

import { apps } from "@/db/schema";

// Full-text search over the generated `apps.search_document` (english; name weighted A,
// description B, long description C). User text never reaches SQL except as a bound parameter,
// and the tsquery text is rebuilt from letters and digits only, so no tsquery operator survives.

const MAX_WORDS = 16;

export type PublicSearch = {
  /** The search as typed, trimmed with runs of whitespace collapsed: compared with names. */
  text: string;
  /** Lowercase words: runs of letters, combining marks and digits. */
  words: string[];
};

export function parseSearch(search: string): PublicSearch {
  return {
    text: search.trim().replace(/\s+/g, " "),
    words: (search.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS),
  };
}

/** `["slac", "sy"]` → `slac:* & sy:*`; with weight `A`, only lexemes from the name match. */
export function prefixTsquery(words: readonly string[], weight: "" | "A" = ""): string {
  return words.map((word) => `${word}:*${weight}`).join(" & ");
}

const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;
const isExactName = (search: PublicSearch) => sql`lower(${apps.name}) = lower(${search.text}::text)`;

/**
 * Every word matches as a word or word prefix. An exact name always matches too, so an app named
 * only with stop words ("The") can still be found.
 */
export function searchCondition(search: PublicSearch): SQL {
  if (search.words.length === 0) return isExactName(search);
  return sql`(${apps.searchDocument} @@ ${tsquery(prefixTsquery(search.words))} or ${isExactName(search)})`;
}

/** Exact name first, then apps whose name holds every word, then by ts_rank. The caller adds the id tiebreak. */
export function relevanceOrder(search: PublicSearch): SQL[] {
  if (search.words.length === 0) return [sql`${isExactName(search)} desc`];
  return [
    sql`${isExactName(search)} desc`,
    sql`(${apps.searchDocument} @@ ${tsquery(prefixTsquery(search.words, "A"))}) desc`,
    sql`ts_rank(${apps.searchDocument}, ${tsquery(prefixTsquery(search.words))}) desc`,
  ];
}
