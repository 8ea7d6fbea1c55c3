import { z } from "zod";

import { jsonListBody } from "./json-bytes";

/** `page` ≥ 1 (default 1) and `limit` 1..max (default `defaultLimit`), from query strings. */
export function pagingQuery({ defaultLimit = 20, maxLimit = 100 } = {}) {
  return {
    page: z.coerce
      .number({ error: "page must be a whole number" })
      .int({ error: "page must be a whole number" })
      .min(1, { error: "page must be at least 1" })
      .max(100_000, { error: "page is too large" })
      .default(1),
    limit: z.coerce
      .number({ error: "limit must be a whole number" })
      .int({ error: "limit must be a whole number" })
      .min(1, { error: "limit must be at least 1" })
      .max(maxLimit, { error: `limit must be at most ${maxLimit}` })
      .default(defaultLimit),
  };
}

export type Paging = { page: number; limit: number };

export function offsetOf({ page, limit }: Paging): number {
  return (page - 1) * limit;
}

type PageOf<T> = { items: T[]; page: number; limit: number; total: number; totalPages: number; totalIsExact?: boolean };

/** The API's paged-list envelope of a page, each item passed through its view. */
export function paged<T, V>(page: PageOf<T>, view: (item: T) => V) {
  return { data: page.items.map((item) => view(item)), pagination: paginationOf(page) };
}

/** `paged` as the response body's bytes, for items that are already JSON text (lib/apps/public-json.ts). */
export function pagedJsonBody(page: PageOf<string>): Uint8Array<ArrayBuffer> {
  return jsonListBody(page.items, `,"pagination":${JSON.stringify(paginationOf(page))}`);
}

const paginationOf = ({ page, limit, total, totalPages, totalIsExact }: PageOf<unknown>) => ({
  page,
  limit,
  total,
  totalPages,
  ...(totalIsExact === undefined ? {} : { totalIsExact }),
});
