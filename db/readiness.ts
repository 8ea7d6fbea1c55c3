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
  try {
    const db = await getDb();
    const [row] = await queryRows<{ applied: number }>(db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    const expected = await expectedMigrationCount();
    const applied = Number(row?.applied ?? 0);
    if (applied < expected) return { ready: false, reason: `${applied} of ${expected} migrations applied` };
    return { ready: true, migrations: applied };
  } catch {
    return { ready: false, reason: "database unreachable" };
  }
}
