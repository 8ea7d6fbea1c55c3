import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Executor } from "@/db/client";
import { ApiError, notFound } from "@/lib/core/errors";

import { can, refusal, type StateMachine } from "./machine";

type StatefulTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt: PgColumn };
type AnyStateMachine = StateMachine<string, string>;
type Target<A extends string> = {
  id: string;
  action: A;
  /** Extra condition the row must meet, e.g. the tenant: someone else's row is "not found". */
  scope?: SQL;
};
/**
 * The version of the row the caller read (its `updatedAt`, to the millisecond, as the views show
 * it): the transition applies to that version only; any change since is 409 `invalid_state` with `changed`.
 */
export type ReadVersion = { updatedAt: Date; changed: string };

/**
 * Every transition stamps `updatedAt` strictly after the row's last one, at the millisecond
 * precision the views show: two versions of a row never show the same `updatedAt`, whatever the
 * clocks of the instances that wrote them (rows inserted by `now()` carry microseconds; JS reads them truncated).
 */
const nextUpdatedAt = (previous: Date) => new Date(Math.max(Date.now(), previous.getTime() + 1));

/**
 * One way to change an entity's state: lock the row, check the action against the state table,
 * then a conditional UPDATE ... WHERE status IN (allowed) [AND updated_at = the version read]
 * RETURNING, all inside the caller's transaction. Concurrent actions queue on the row lock; the
 * loser sees the new state (or version) and gets 409.
 */
export function stateTransitions<Table extends StatefulTable, Machine extends AnyStateMachine>(table: Table, machine: Machine) {
  type Row = Table["$inferSelect"] & { status: string; updatedAt: Date };
  type Insert = Table["$inferInsert"];
  type A = keyof Machine["from"] & string;
  // Drizzle's builders cannot be typed over "any table with id and status"; the casts stay here.
  const rows = (query: unknown) => query as Promise<Row[]>;
  const where = ({ id, scope }: Target<A>) => and(eq(table.id, id), scope);
  // Milliseconds since the epoch, truncated like JavaScript's Date (no timestamp literal for Postgres to refuse).
  const isVersion = (version: ReadVersion) => eq(sql`floor(extract(epoch from ${table.updatedAt}) * 1000)`, version.updatedAt.getTime());

  /** The row, locked, after checking that `action` may start from its state. */
  async function lock(tx: Executor, target: Target<A>): Promise<Row> {
    const [row] = await rows(
      tx
        .select()
        .from(table as PgTable)
        .where(where(target))
        .for("update"),
    );
    if (!row) throw notFound(machine.entity);
    if (!can(machine, target.action, row.status)) throw refusal(machine, target.action, row.status);
    return row;
  }

  /** Applies `set` to a row in a state `action` may start from (and at `version`, if given); returns the row before and after. */
  async function transition(
    tx: Executor,
    target: Target<A> & { version?: ReadVersion; set: (before: Row) => Partial<Insert> },
  ): Promise<{ before: Row; after: Row }> {
    const before = await lock(tx, target);
    const { version } = target;
    const [after] = await rows(
      tx
        .update(table)
        .set({ ...target.set(before), updatedAt: nextUpdatedAt(before.updatedAt) } as never)
        .where(and(where(target), inArray(table.status, [...machine.from[target.action]!]), version ? isVersion(version) : undefined))
        .returning(),
    );
    // Under the row lock the state cannot have moved since `lock` checked it: a miss is the version.
    if (!after) throw new ApiError("invalid_state", version?.changed ?? `the ${machine.entity} changed state meanwhile; reload and retry`);
    return { before, after };
  }

  return { lock, transition };
}
