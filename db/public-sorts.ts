import { sql, type SQL } from "drizzle-orm";

import type { PublicSort } from "@/lib/core/enums";

// The public sort orders, written once. The partial indexes of `apps` (db/schema.ts) and the
// ORDER BY of every public read (lib/catalogue/sorts.ts) are both built from this table: an index
// serves an ORDER BY only when each column's direction and nulls match, so the two must never be
// spelled apart. Every order ends with the id, so rows have one fixed order and pages never overlap.

/** The columns a sort reads: `apps`' own in a query, the index builder's in db/schema.ts. */
type SortColumns = Record<"id" | "name" | "activeInstallCount" | "reviewCount" | "averageRating" | "publishedAt", unknown>;

export const PUBLIC_SORT_ORDERS = {
  // "Most installed": the workspaces that have it now (installs that were removed do not count).
  popular: (t: SortColumns): [SQL, ...SQL[]] => [sql`${t.activeInstallCount} desc nulls first`, sql`${t.id}`],
  // Unrated apps last; among equal averages, the one more people rated first.
  rating: (t: SortColumns): [SQL, ...SQL[]] => [
    sql`${t.averageRating} desc nulls last`,
    sql`${t.reviewCount} desc nulls first`,
    sql`${t.id}`,
  ],
  newest: (t: SortColumns): [SQL, ...SQL[]] => [sql`${t.publishedAt} desc nulls last`, sql`${t.id}`],
  name: (t: SortColumns): [SQL, ...SQL[]] => [sql`lower(${t.name})`, sql`${t.id}`],
} satisfies Record<Exclude<PublicSort, "relevance">, unknown>;
