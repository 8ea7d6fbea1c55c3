import { sql } from "drizzle-orm";

import { queryRows, type Database } from "@/db/client";
import { prefixTsquery, type PublicSearch } from "@/lib/apps/public-search";
import { MiB, estimateBytes } from "@/lib/bounded-cache";
import { boundedCache } from "@/lib/process-cache";

import type { CatalogueFilters, CataloguePage, CatalogueQuery } from "./catalogue";
import { currentCatalogue } from "./sync";
import { parseTsQuery } from "./tsquery";

type WordQueries = CatalogueQuery["words"][number];

/**
 * Words whose normalised queries a process keeps: a word's stems never change, so this only bounds
 * memory. A common word's queries take 1.5–4 KiB, a 100-letter word's ~90 KiB (a stem per prefix).
 */
const WORDS_MAX_BYTES = 4 * MiB;

/**
 * Each word's query as Postgres normalises it (english stems and the word as typed, as prefixes;
 * over the whole document and over the name alone), exactly as `search_document` was built. A
 * word's normal form is a pure function of the word, so a process remembers it.
 */
async function normalisedWords(db: Database, words: readonly string[]): Promise<WordQueries[]> {
  const known = boundedCache<string, WordQueries>({ name: "catalogue-search-words", maxBytes: WORDS_MAX_BYTES, sizeOf: estimateBytes });
  // What this search uses is held here, not read back from the cache, which may evict it meanwhile.
  const found = new Map<string, WordQueries>();
  for (const word of words) {
    const queries = known.get(word);
    if (queries) found.set(word, queries);
  }
  const missing = [...new Set(words.filter((word) => !found.has(word)))];
  if (missing.length > 0) {
    const input = JSON.stringify(
      missing.map((word) => ({ word, any_field: prefixTsquery([word]), name_only: prefixTsquery([word], "A") })),
    );
    const rows = await queryRows<{ word: string; any_field: string; name_only: string }>(
      db,
      sql`select w.word,
          (to_tsquery('english', w.any_field) || to_tsquery('simple', w.any_field))::text as any_field,
          (to_tsquery('english', w.name_only) || to_tsquery('simple', w.name_only))::text as name_only
        from json_to_recordset(${input}::json) as w(word text, any_field text, name_only text)`,
    );
    for (const row of rows) {
      const queries = { anyField: parseTsQuery(row.any_field), nameOnly: parseTsQuery(row.name_only) };
      found.set(row.word, queries);
      known.set(row.word, queries);
    }
  }
  return words.map((word) => found.get(word)!);
}

type SearchOptions = { search: PublicSearch; filters: CatalogueFilters; sort: CatalogueQuery["sort"]; offset: number; limit: number };

/** The ids of one page of public apps matching a search, in order, and the exact number of matches. */
export async function searchCatalogue(db: Database, { search, ...rest }: SearchOptions): Promise<CataloguePage> {
  const [catalogue, words] = await Promise.all([currentCatalogue(db), normalisedWords(db, search.words)]);
  return catalogue.search({ words, text: search.text, ...rest });
}
