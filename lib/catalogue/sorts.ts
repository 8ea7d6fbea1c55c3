import { asc, type SQL } from "drizzle-orm";

import { PUBLIC_SORT_ORDERS } from "@/db/public-sorts";
import { apps } from "@/db/schema";
import type { PublicSort } from "./schemas";

import { relevanceOrder, type PublicSearch } from "./search-words";

/** `relevance` when searching, else `popular`. The query schema already refused `relevance` without a search. */
export function resolveSort(sort: PublicSort | undefined, search: PublicSearch | undefined): PublicSort {
  return sort ?? (search ? "relevance" : "popular");
}

/**
 * ORDER BY for a public listing: the sort's order from db/public-sorts.ts (which its indexes are
 * built from too), or relevance. Every order ends with `apps.id`, so pages never overlap.
 */
export function publicOrder({ sort, search }: { sort: PublicSort; search: PublicSearch | undefined }): SQL[] {
  if (sort !== "relevance") return PUBLIC_SORT_ORDERS[sort](apps);
  return [...(search ? relevanceOrder(search) : []), asc(apps.id)];
}
