import { sql } from "drizzle-orm";

import { queryRows, type Database } from "@/db/client";
import { prefixTsquery, type PublicSearch } from "@/lib/apps/public-search";
import { processCache } from "@/lib/process-cache";

import type { CatalogueFilters, CataloguePage, CatalogueQuery } from "./catalogue";
import { currentCatalogue } from "./sync";
import { parseTsQuery } from "./tsquery";

type WordQueries = CatalogueQuery["words"][number];

/** Words whose normalised queries a process keeps: a word's stems never change, so this only bounds memory. */
const MAX_REMEMBERED_WORDS = 20_000;

/**
 * Each word's query as Postgres normalises it (english stems and the word as typed, as prefixes;
 * over the whole document and over the name alone), exactly as `search_document` was built. A
 * word's normal form is a pure function of the word, so a process remembers it.
 */
async function normalisedWords(db: Database, words: readonly string[]): Promise<WordQueries[]> {
  const known = processCache<string, WordQueries>("catalogue-search-words");
  const missing = [...new Set(words.filter((word) => !known.has(word)))];
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
    if (known.size + rows.length > MAX_REMEMBERED_WORDS) known.clear();
    for (const row of rows) known.set(row.word, { anyField: parseTsQuery(row.any_field), nameOnly: parseTsQuery(row.name_only) });
  }
  return words.map((word) => known.get(word)!);
}

type SearchOptions = { search: PublicSearch; filters: CatalogueFilters; sort: CatalogueQuery["sort"]; offset: number; limit: number };

/** The ids of one page of public apps matching a search, in order, and the exact number of matches. */
export async function searchCatalogue(db: Database, { search, ...rest }: SearchOptions): Promise<CataloguePage> {
  const [catalogue, words] = await Promise.all([currentCatalogue(db), normalisedWords(db, search.words)]);
  return catalogue.search({ words, text: search.text, ...rest });
}
