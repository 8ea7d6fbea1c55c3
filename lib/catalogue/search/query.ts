import { and, eq, param, sql, type SQL } from "drizzle-orm";

import { apps, catalogueVersion } from "@/db/schema";
import type { PublicSearch } from "@/lib/catalogue/search-words";
import type { AppCategory, AppEnvironment } from "@/lib/core/enums";

// A search as its statements read it: the words, which `catalogue_query` (migration 0013) turns
// into one tsquery over the whole listing or over the name alone, the normalised text, and the
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
/**
 * The name is the search, punctuation and case aside (`catalogue_name_key`, migration 0054, on both
 * sides; served by its index): found even when no word survives (all stop words). Never for a
 * search without words.
 */
export const isExactName = (query: CatalogueQuery) =>
  query.text === "" ? sql`false` : sql`catalogue_name_key(${apps.name}) = catalogue_name_key(${query.text}::text)`;

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
