import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

import { offsetOf, type Paging } from "@/lib/core/paging";

import type { Executor } from "./client";

/**
 * One page of a list and where it stands in the whole: what every paged list returns. A list that
 * may stop counting (a broad search) says whether `total` is exact or a lower bound.
 */
export type Page<T> = { items: T[]; total: number; totalPages: number; page: number; limit: number; totalIsExact?: boolean };

/** A page of `items` out of `total`, at the place `paging` asks for. */
export function pageOf<T>({ page, limit }: Paging, items: T[], total: number, totalIsExact?: boolean): Page<T> {
  return { items, total, totalPages: Math.ceil(total / limit), page, limit, ...(totalIsExact === undefined ? {} : { totalIsExact }) };
}

/** Runs a page query and its count together. */
export async function paginate<T>(
  paging: Paging,
  query: { items: (window: { limit: number; offset: number }) => Promise<T[]>; total: () => Promise<number> },
): Promise<Page<T>> {
  const [items, total] = await Promise.all([query.items({ limit: paging.limit, offset: offsetOf(paging) }), query.total()]);
  return pageOf(paging, items, total);
}

/** `select count(*) from table where …` as a number. */
export async function countRows(db: Executor, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}
