import { and, eq, param, sql, type SQL } from "drizzle-orm";

import { apps, catalogueVersion } from "@/db/schema";
import type { PublicSearch } from "@/lib/catalogue/search-words";
import type { AppCategory, AppEnvironment } from "@/lib/core/enums";

// A search as its statements read it: the words, which `catalogue_query` (migration 0013) turns
// into one tsquery over the whole listing or over the name alone, the text as typed, and the
// filters. Values are bound parameters; words are letters, marks and digits only
// (lib/catalogue/search-words.ts).

export type CatalogueFilters = { category?: AppCategory; environment?: AppEnvironment; featured?: boolean };
export type CatalogueQuery = { words: string[]; text: string; filters: CatalogueFilters };

export function catalogueQuery(search: PublicSearch, filters: CatalogueFilters): CatalogueQuery {
  return { words: search.words, text: search.text, filters };
}

// One parameter holding the array (a bare array in a template would become one parameter per item).
const textArray = (values: string[]) => sql`${param(values)}::text[]`;

/** The listing holds every word (any field). */
export const matchesWords = (query: CatalogueQuery) => sql`${apps.searchDocument} @@ catalogue_query(${textArray(query.words)}, 'listing')`;
/** The name holds every word. */
export const nameHoldsWords = (query: CatalogueQuery) => sql`${apps.nameDocument} @@ catalogue_query(${textArray(query.words)}, 'name')`;
/** The name is the search as typed, whatever the case: found even when no word survives (all stop words). */
// Written as a range of one value, which only the btree index on lower(name) serves: as `=`, the
// planner chose the trigram index, which also serves `=` but matched every name sharing the
// word's trigrams (38,000 rows and 280 ms for "sync" at 1,000,000 apps).
export const isExactName = (query: CatalogueQuery) =>
  sql`(lower(${apps.name}) >= lower(${query.text}::text) and lower(${apps.name}) <= lower(${query.text}::text))`;

/** Public apps passing the query's filters and `condition`. */
export function publicWhere({ filters: { category, environment, featured } }: CatalogueQuery, condition: SQL): SQL {
  return and(
    sql`${apps.public}`,
    condition,
    category === undefined ? undefined : eq(apps.category, category),
    environment === undefined ? undefined : eq(apps.environment, environment),
    featured === undefined ? undefined : eq(apps.featured, featured),
  )!;
}

/** The catalogue's version (migration 0011), read in the statement's own snapshot. */
export const currentVersion = sql<string>`(select ${catalogueVersion.version} from ${catalogueVersion})`;
