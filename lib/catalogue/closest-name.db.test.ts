import { sql, TransactionRollbackError } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { getDb, queryRows } from "@/db/client";
import { insertApps } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";

import { closestNameStatement, closestPublicName } from "./closest-name";
import { parseSearch } from "./search-words";

// "Did you mean" through the trigram index on public names, never a scan of every name (issue 42:
// 596 ms for a 100-letter word at 100,000 apps).

beforeAll(async () => {
  const developer = await insertDeveloper();
  await insertApps(developer, [
    { name: "Slack Sync", category: "COMMUNICATION" },
    { name: "Budget Planner", category: "FINANCE" },
    ...Array.from({ length: 3_000 }, (_, i) => ({ name: `Filler Widget ${i}` })),
  ]);
  await (await getDb()).execute(sql`analyze apps`);
});

describe("closestPublicName", () => {
  it("offers the closest public name, within the filters", async () => {
    expect(await closestPublicName("slak sync")).toEqual({ name: "Slack Sync", confident: true });
    expect(await closestPublicName("buget")).toEqual({ name: "Budget Planner", confident: false });
    expect(await closestPublicName("slak sync", { category: "FINANCE" })).toBeUndefined();
    expect(await closestPublicName("zzqqxx")).toBeUndefined();
  });

  it("offers nothing for words under three characters, and answers a 100-letter word", async () => {
    expect(await closestPublicName("sl")).toBeUndefined();
    expect(await closestPublicName("b")).toBeUndefined();
    expect(await closestPublicName("q".repeat(100))).toBeUndefined();
    expect((await closestPublicName(`slack ${"x".repeat(100)}`))?.name).toBe("Slack Sync");
  });

  it.each([["slak sync"], ["q".repeat(100)], [Array.from({ length: 16 }, (_, i) => `word${i}`).join(" ")]])(
    "for %j, is a statement the trigram index serves",
    async (text) => {
      const statement = closestNameStatement(parseSearch(text), {})!;
      const db = await getDb();
      let plan = "";
      await db
        .transaction(async (tx) => {
          // As the planner chooses at 100,000 apps, where a few thousand rows are not cheaper to read
          // whole: no sequential scan, nor a scan of another public index (dropped, then rolled back).
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`do $$ declare name text; begin
            for name in select indexname from pg_indexes where tablename = 'apps' and indexname like 'apps_public_%'
                          and indexname <> 'apps_public_name_trgm_idx' loop
              execute format('drop index %I', name);
            end loop; end $$`);
          await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.3', true)`);
          const rows = await queryRows<{ "QUERY PLAN": string }>(tx, sql`explain ${statement}`);
          plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof TransactionRollbackError)) throw error;
        });
      expect(plan).toContain("apps_public_name_trgm_idx");
      expect(plan).not.toContain("Seq Scan");
      expect(plan).toMatch(/Bitmap Index Scan on apps_public_name_trgm_idx .*\n\s+Index Cond: \(lower\(name\) %> /);
    },
  );
});
