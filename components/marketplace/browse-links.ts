import type { ListAppsQuery } from "@/lib/catalogue/schemas";

/** What the browse page shows when a parameter is left out: a link need not say it. */
const DEFAULT_LIMIT = 20;

/**
 * The browse page's query as its links carry it (pager, categories, "did you mean"): every filter,
 * the sort and the page size, so following a link keeps the reader's `limit`. Defaults are left out.
 */
export function browseParams(query: ListAppsQuery): Record<string, string | undefined> {
  return {
    search: query.search,
    category: query.category,
    environment: query.environment,
    featured: query.featured === undefined ? undefined : String(query.featured),
    sort: query.sort,
    limit: query.limit === DEFAULT_LIMIT ? undefined : String(query.limit),
  };
}

/** `/apps?…` with the given parameters (empty ones left out) at `page` (the first page needs no parameter). */
export function browseHref(params: Record<string, string | undefined>, page: number): string {
  const entries = Object.entries({ ...params, page: page > 1 ? String(page) : undefined });
  const next = new URLSearchParams(entries.filter((entry): entry is [string, string] => Boolean(entry[1])));
  return `/apps?${next.toString()}`;
}
