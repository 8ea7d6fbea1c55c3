import path from "node:path";

import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

import { env } from "@/lib/core/env";

import { setProbe } from "./breaker";
import { beginWithin, sendWithin, silenceWatchedSockets } from "./deadlines";
import { createPgliteClient, type PgliteOptions } from "./pglite";
import * as schema from "./schema";

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a service can run queries on: the database or an open transaction. */
export type Executor = Database | Transaction;

type Connection = {
  db: Database;
  /** Where public lists run: the same database, on connections that plan each statement once (`plannedOnceSettings`). */
  lists: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

// One connection per process, shared by route handlers and server components (and surviving
// hot reloads in development), created on first use, never at import time.
const globalForDb = globalThis as typeof globalThis & { __marketplaceDb?: Promise<Connection> };

async function openPglite(dataDir: string, options: PgliteOptions | undefined, migrating: boolean): Promise<Connection> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await createPgliteClient(dataDir, options);
  const db = drizzle({ client, schema });
  if (migrating) await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Database, lists: db as unknown as Database, kind: "pglite", close: () => client.close() };
}

// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 727_274_001;

/** Applies migrations on one dedicated connection holding an advisory lock, so a web process and a worker starting together take turns. */
async function migratePostgres(url: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // Migrations may run long statements (an index build): only opening the connection is bounded.
  const single = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: env().DATABASE_CONNECT_TIMEOUT_MS / 1000 });
  try {
    await single`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migrate(drizzle({ client: single }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await single.end({ timeout: 5 });
  }
}

type PostgresClient = import("postgres").Sql;

/**
 * The client as Drizzle should see it: every query a prepared statement. Drizzle asks postgres.js
 * for unnamed statements, which Postgres parses and plans on every call, and which postgres.js
 * sends only after a separate Describe round trip. Named statements are parsed once per
 * connection and take one round trip; Postgres still plans each call for its values unless a
 * generic plan looks as cheap (the lists' connections plan theirs once: `plannedOnceSettings`).
 * Transactions and savepoints hand Drizzle a new client, which is wrapped the same way. A statement whose best plan
 * depends on its values (a search's words match 3 apps or 30,000) is planned per call by its
 * transaction's `plan_cache_mode` (lib/catalogue/search/budget.ts): still named, one round trip.
 */
function preparedStatements<T extends object>(client: T, timeoutMs: number): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (property === "unsafe") {
        return (query: string, parameters?: unknown[], options?: object) =>
          sendWithin(timeoutMs, () =>
            (value as PostgresClient["unsafe"]).call(target, query, parameters as never, { ...options, prepare: true }),
          );
      }
      if (property === "begin" || property === "savepoint") {
        return (...args: unknown[]) => {
          const callback = args.pop() as (client: object) => Promise<unknown>;
          const run = (wrapped: (inner: object) => Promise<unknown>) =>
            (value as (...rest: unknown[]) => Promise<unknown>).call(target, ...args, wrapped);
          return beginWithin(timeoutMs, run, (inner) => callback(preparedStatements(inner, timeoutMs)));
        };
      }
      return value;
    },
  });
}

/** postgres.js takes a `socket` factory, though its type declarations omit the option. */
function watchedSockets(silenceMs: number): object {
  return { socket: silenceWatchedSockets(silenceMs) };
}

const PROBE_TIMEOUT_MS = 1_000;

/**
 * How the public lists' connections plan (`getListDb`). A list's statement is its shape (sort ×
 * which filters are set); its values are a category and a page's limit and offset, and the best
 * plan is the same for all of them: walk the sort's partial index, then fetch the page's apps and
 * developers by primary key. Planned per call, as `plan_cache_mode = auto` kept doing (a generic
 * plan guesses 10% of the catalogue for `limit $n`, so it never looked cheaper), planning cost a
 * third of a list's database time (docs/benchmarks.md). Planned once, that guess must not change
 * the plan: no hash or merge join (it chose a scan of every app to hash-join a page of 20), and no
 * JIT compilation (the guess crosses its cost threshold; ~10 ms a statement). Only statements of
 * that kind may run on these connections.
 */
export const plannedOnceSettings = {
  plan_cache_mode: "force_generic_plan",
  jit: "off",
  enable_hashjoin: "off",
  enable_mergejoin: "off",
} as const;

/** The lists' pool, beside the pool of 10 (docs/deploy.md counts both). */
const LIST_CONNECTIONS = 3;

async function openPostgres(url: string, migrating: boolean): Promise<Connection> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  if (migrating) await migratePostgres(url);
  const config = env();
  // Every wait on the server is bounded (docs/architecture.md, "Database faults"): opening a
  // connection, a statement (cancelled by the server: 57014), a transaction left idle (the server
  // ends the session), and, on the client's side, each statement's whole wait and any connection
  // the server has gone silent on. Each failure answers 503 (lib/http/problem.ts).
  const pool = (max: number, settings: Record<string, string> = {}) =>
    postgres(url, {
      max,
      ...watchedSockets(config.DATABASE_QUERY_TIMEOUT_MS),
      onnotice: () => {},
      connect_timeout: config.DATABASE_CONNECT_TIMEOUT_MS / 1000,
      connection: {
        statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS,
        idle_in_transaction_session_timeout: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        ...settings,
      },
    });
  const client = pool(10);
  const lists = pool(LIST_CONNECTIONS, plannedOnceSettings);
  const timeoutMs = config.DATABASE_QUERY_TIMEOUT_MS;
  // The breaker's probe (db/breaker.ts) runs on a connection of its own: on the pool it could wait
  // behind statements a silent server never answers, or for a connection, which is no sign of a
  // database down (issue 42), and a page would then be rendered against a database that is gone. It
  // waits a second at most and its connection is dropped after a second of silence, so a stuck probe
  // never delays the next; it reconnects at once (no backoff: postgres.js would wait up to 20 s after
  // repeated failures) because the breaker already paces it, once a second. A minute unused, it closes.
  const prober = postgres(url, {
    max: 1,
    ...watchedSockets(PROBE_TIMEOUT_MS),
    onnotice: () => {},
    connect_timeout: PROBE_TIMEOUT_MS / 1000,
    backoff: () => 0,
    idle_timeout: 60,
  });
  setProbe(() => sendWithin(PROBE_TIMEOUT_MS, () => prober`select 1`, { probe: true }));
  return {
    db: drizzle({ client: preparedStatements(client, timeoutMs), schema }) as unknown as Database,
    lists: drizzle({ client: preparedStatements(lists, timeoutMs), schema }) as unknown as Database,
    kind: "postgres",
    close: async () => {
      setProbe(undefined);
      await Promise.all([client.end({ timeout: 5 }), lists.end({ timeout: 5 }), prober.end({ timeout: 1 })]);
    },
  };
}

/**
 * Opens (once) the database configured by the environment and migrates it unless MIGRATE_ON_START
 * is false (`migrate: true` always does: `npm run db:migrate`); `pglite` applies if that is the embedded one.
 */
export function connect({ pglite, migrate }: { pglite?: PgliteOptions; migrate?: boolean } = {}): Promise<Connection> {
  const config = env();
  if (config.isBuild) throw new Error("the database must not be opened during next build");
  if (!globalForDb.__marketplaceDb) {
    const migrating = migrate ?? config.MIGRATE_ON_START;
    const opening = config.DATABASE_URL
      ? openPostgres(config.DATABASE_URL, migrating)
      : openPglite(config.PGLITE_DATA_DIR, pglite, migrating);
    // A failed open must not be cached: the next caller tries again.
    globalForDb.__marketplaceDb = opening.catch((error: unknown) => {
      globalForDb.__marketplaceDb = undefined;
      throw error;
    });
  }
  return globalForDb.__marketplaceDb;
}

export async function getDb(): Promise<Database> {
  return (await connect()).db;
}

/** The database for the public lists' statements, planned once per connection (`plannedOnceSettings`). */
export async function getListDb(): Promise<Database> {
  return (await connect()).lists;
}

/** Closes the process's connection (scripts and tests; the server keeps it for its lifetime). */
export async function disconnect(): Promise<void> {
  const current = globalForDb.__marketplaceDb;
  globalForDb.__marketplaceDb = undefined;
  if (current) await (await current).close();
}

/** Rows of a raw query, whichever driver ran it (postgres.js returns an array, PGlite `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export { MIGRATIONS_FOLDER };
