import { readFileSync } from "node:fs";
import path from "node:path";

import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";

import * as schema from "./schema";

// db/schema.ts and the committed migrations must say the same: a column, index or enum value added
// to the schema without `npm run db:generate` would deploy code against a database that lacks it
// (the route answers 500). This asks drizzle-kit for the statements that would take the last
// migration's snapshot to today's schema: there must be none.

const MIGRATIONS = path.resolve(import.meta.dirname, "migrations");

function lastSnapshot() {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!.idx;
  return JSON.parse(readFileSync(path.join(MIGRATIONS, `meta/${String(last).padStart(4, "0")}_snapshot.json`), "utf8"));
}

describe("db/schema.ts and db/migrations", () => {
  it("agree: generating a migration from the schema would produce nothing", async () => {
    const statements = await generateMigration(lastSnapshot(), generateDrizzleJson(schema));
    expect(statements).toEqual([]);
  });

  it("would notice an email type added to the schema without its migration (the check itself works)", async () => {
    const snapshot = lastSnapshot();
    const emailType = snapshot.enums["public.email_type"] as { values: string[] };
    const dropped = emailType.values.at(-1)!;
    const beforeTheNewType = {
      ...snapshot,
      enums: { ...snapshot.enums, "public.email_type": { ...emailType, values: emailType.values.slice(0, -1) } },
    };
    const statements = await generateMigration(beforeTheNewType, generateDrizzleJson(schema));
    expect(statements.join("\n")).toContain(`ALTER TYPE "public"."email_type" ADD VALUE '${dropped}'`);
  });
});
