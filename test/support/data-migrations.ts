import { readFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";

import { getDb, MIGRATIONS_FOLDER } from "@/db/client";

/**
 * Runs a committed migration's statements again on the test's (already migrated) database: a data
 * migration is written to be idempotent, so rows inserted in the old shape show what it does to them.
 */
export async function runMigrationAgain(tag: string): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), "utf8");
  const db = await getDb();
  for (const statement of text.split("--> statement-breakpoint")) {
    if (statement.trim()) await db.execute(sql.raw(statement));
  }
}
