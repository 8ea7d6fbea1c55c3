import { readFile } from "node:fs/promises";
import path from "node:path";

import { sql } from "drizzle-orm";

import { MIGRATIONS_FOLDER, getDb, queryRows } from "./client";

export type Readiness = { ready: true; migrations: number } | { ready: false; reason: string };

async function expectedMigrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** How many migrations the database has and how many are committed (a never-migrated database has 0). */
export async function migrationProgress(): Promise<{ applied: number; expected: number }> {
  const db = await getDb();
  const [table] = await queryRows<{ name: string | null }>(db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`);
  const [row] = table?.name
    ? await queryRows<{ applied: number }>(db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)
    : [{ applied: 0 }];
  return { applied: Number(row?.applied ?? 0), expected: await expectedMigrationCount() };
}

/**
 * How long readiness waits for the database: a load balancer's probe must get its answer (503) in
 * well under the 2 s it commonly allows, whatever the database does.
 */
const READINESS_TIMEOUT_MS = 1_500;

/** Database reachable within READINESS_TIMEOUT_MS and every committed migration applied. */
export async function checkReadiness(): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: "database not answering" }), READINESS_TIMEOUT_MS).unref();
  });
  try {
    return await Promise.race([probe(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function probe(): Promise<Readiness> {
  let progress: { applied: number; expected: number };
  try {
    progress = await migrationProgress();
  } catch {
    return { ready: false, reason: "database unreachable" };
  }
  const { applied, expected } = progress;
  if (applied < expected) return { ready: false, reason: `${applied} of ${expected} migrations applied (run npm run db:migrate)` };
  return { ready: true, migrations: applied };
}
