import { asc, desc, sql, type SQL } from "drizzle-orm";

import { apps } from "@/db/schema";
import type { PublicSort } from "@/lib/validation/public";

import { relevanceOrder, type PublicSearch } from "./search-words";

/** `relevance` when searching, else `popular`. The query schema already refused `relevance` without a search. */
export function resolveSort(sort: PublicSort | undefined, search: PublicSearch | undefined): PublicSort {
  return sort ?? (search ? "relevance" : "popular");
}

/** ORDER BY for a public listing. Every order ends with `apps.id`, so rows have one fixed order and pages never overlap. */
export function publicOrder({ sort, search }: { sort: PublicSort; search: PublicSearch | undefined }): SQL[] {
  const tiebreak = asc(apps.id);
  switch (sort) {
    case "relevance":
      return [...(search ? relevanceOrder(search) : []), tiebreak];
    case "popular":
      return [desc(apps.installCount), tiebreak];
    case "rating":
      // Unrated apps last; among equal averages, the one more people rated first.
      return [sql`${apps.averageRating} desc nulls last`, desc(apps.reviewCount), tiebreak];
    case "newest":
      return [sql`${apps.publishedAt} desc nulls last`, tiebreak];
    case "name":
      return [sql`lower(${apps.name})`, tiebreak];
  }
}
