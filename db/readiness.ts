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

/** Database reachable and every committed migration applied. */
export async function checkReadiness(): Promise<Readiness> {
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
