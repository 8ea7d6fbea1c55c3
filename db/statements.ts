import { processCache } from "@/lib/core/process-cache";

import type { Executor } from "./client";

/**
 * A prepared statement built once per database and key, then only executed: Drizzle would
 * otherwise write the same SQL text again on every request, a measurable share of a public read's
 * CPU (docs/benchmarks.md). `family` names the process cache the statements live in. A plain
 * Map: its keys are the databases the process opened and the query shapes (sort × which filters
 * are set), never a value from a request.
 */
export function builtOnce<T>(family: string, db: Executor, key: string, build: () => T): T {
  const byDatabase = processCache<Executor, Map<string, T>>(family);
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(key);
  if (statement === undefined) statements.set(key, (statement = build()));
  return statement;
}
