import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Executor } from "@/db/client";
import { ApiError, notFound } from "@/lib/http/errors";

import { can, refusal, type StateMachine } from "./machine";

type StatefulTable = PgTable & { id: PgColumn; status: PgColumn };
type Target<A extends string> = {
  id: string;
  action: A;
  /** Extra condition the row must meet, e.g. the tenant: someone else's row is "not found". */
  scope?: SQL;
};

/**
 * One way to change an entity's state: lock the row, check the action against the state table,
 * then a conditional UPDATE ... WHERE status IN (allowed) RETURNING, all inside the caller's
 * transaction. Concurrent actions queue on the row lock; the loser sees the new state and gets 409.
 */
export function stateTransitions<Row extends { status: S }, Insert, S extends string, A extends string>(
  table: StatefulTable,
  machine: StateMachine<S, A>,
) {
  // Drizzle's builders cannot be typed over "any table with id and status"; the casts stay here.
  const rows = (query: unknown) => query as Promise<Row[]>;
  const where = ({ id, scope }: Target<A>) => and(eq(table.id, id), scope);

  /** The row, locked, after checking that `action` may start from its state (and `check`, if given). */
  async function lock(tx: Executor, target: Target<A> & { check?: (row: Row) => void }): Promise<Row> {
    const [row] = await rows(
      tx
        .select()
        .from(table as PgTable)
        .where(where(target))
        .for("update"),
    );
    if (!row) throw notFound(machine.entity);
    if (!can(machine, target.action, row.status)) throw refusal(machine, target.action, row.status);
    target.check?.(row);
    return row;
  }

  /** Applies `set` to a row in a state `action` may start from; returns the row before and after. */
  async function transition(
    tx: Executor,
    target: Target<A> & { check?: (row: Row) => void; set: (before: Row) => Partial<Insert> },
  ): Promise<{ before: Row; after: Row }> {
    const before = await lock(tx, target);
    const [after] = await rows(
      tx
        .update(table)
        .set(target.set(before) as never)
        .where(and(where(target), inArray(table.status, [...machine.from[target.action]])))
        .returning(),
    );
    if (!after) throw new ApiError("invalid_state", `the ${machine.entity} changed state meanwhile; reload and retry`);
    return { before, after };
  }

  return { lock, transition };
}
