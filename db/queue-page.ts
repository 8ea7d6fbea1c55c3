import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Paging } from "@/lib/core/paging";

import type { Executor } from "./client";
import { countRows, paginate, type Page } from "./paginate";

/** The columns an administrators' queue is read by. */
type QueueColumns = { status: PgColumn; waitingSince: PgColumn; updatedAt: PgColumn; id: PgColumn };

/**
 * One page of an administrators' queue (listings, updates, profile changes) in one status: the
 * waiting ones (PENDING) oldest first by when they started waiting, as a queue is worked; any other
 * status most recently changed first. Ties are broken by id, so pages never overlap. `select` runs
 * the domain's own statement (its joins and columns) with the queue's filter, order and window.
 */
export function queuePage<Row>({
  db,
  table,
  columns,
  status,
  paging,
  search,
  select,
}: {
  db: Executor;
  table: PgTable;
  columns: QueueColumns;
  status: string;
  paging: Paging;
  /** Narrows the queue to the rows an administrator's search matches (db/admin-search.ts). */
  search?: SQL;
  select: (query: { where: SQL; orderBy: SQL[]; limit: number; offset: number }) => Promise<Row[]>;
}): Promise<Page<Row>> {
  const where = and(eq(columns.status, status), search)!;
  const orderBy = status === "PENDING" ? [asc(columns.waitingSince), asc(columns.id)] : [desc(columns.updatedAt), desc(columns.id)];
  return paginate(paging, {
    items: ({ limit, offset }) => select({ where, orderBy, limit, offset }),
    total: () => countRows(db, table, where),
  });
}
