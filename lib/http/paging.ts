import { jsonListBody } from "./json-bytes";

type PageOf<T> = { items: T[]; page: number; limit: number; total: number; totalPages: number; totalIsExact?: boolean };

/** The API's paged-list envelope of a page, each item passed through its view. */
export function paged<T, V>(page: PageOf<T>, view: (item: T) => V) {
  return { data: page.items.map((item) => view(item)), pagination: paginationOf(page) };
}

/** `paged` as the response body's bytes, for items that are already JSON text (lib/catalogue/public-json.ts). */
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
