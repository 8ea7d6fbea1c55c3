import { and, eq, param, sql, type SQL } from "drizzle-orm";

import { apps, catalogueVersion } from "@/db/schema";
import { prefixTsquery, type PublicSearch } from "@/lib/apps/public-search";
import type { AppCategory, AppEnvironment } from "@/lib/domain/enums";

// A search as its statements read it: the words over the whole listing and over the name alone,
// in the form `catalogue_query` (migration 0011) turns into one tsquery, the text as typed, and
// the filters. Values are bound parameters; the tsquery text of each word is built from letters
// and digits only (lib/apps/public-search.ts).

export type CatalogueFilters = { category?: AppCategory; environment?: AppEnvironment; featured?: boolean };
export type CatalogueQuery = { words: string[]; anyField: string[]; nameOnly: string[]; text: string; filters: CatalogueFilters };

export function catalogueQuery(search: PublicSearch, filters: CatalogueFilters): CatalogueQuery {
  return {
    words: search.words,
    anyField: search.words.map((word) => prefixTsquery([word])),
    nameOnly: search.words.map((word) => prefixTsquery([word], "name")),
    text: search.text,
    filters,
  };
}

// One parameter holding the array (a bare array in a template would become one parameter per item).
const textArray = (values: string[]) => sql`${param(values)}::text[]`;

/** The listing holds every word (any field). */
export const matchesWords = (query: CatalogueQuery) => sql`${apps.searchDocument} @@ catalogue_query(${textArray(query.anyField)})`;
/** The name holds every word. */
export const nameHoldsWords = (query: CatalogueQuery) => sql`${apps.nameDocument} @@ catalogue_query(${textArray(query.nameOnly)})`;
/** The name is the search as typed, whatever the case: found even when no word survives (all stop words). */
export const isExactName = (query: CatalogueQuery) => sql`lower(${apps.name}) = lower(${query.text}::text)`;

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
