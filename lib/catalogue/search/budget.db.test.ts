import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb, queryRows } from "@/db/client";
import { env } from "@/lib/core/env";
import { ApiError } from "@/lib/core/errors";
import { environmentForBlock } from "@/test/support/environment";

import { withinSearchBudget } from "./budget";

// The search's one time budget (./budget.ts) on a database server: each statement's timeout is sent
// ahead of it in the same round trip, so what these tests read proves it arrived first.

type Settings = { plan_cache_mode: string; statement_timeout: string };
const settings = (tx: Parameters<Parameters<typeof withinSearchBudget>[0]>[0]["tx"]) =>
  queryRows<Settings>(
    tx,
    sql`select current_setting('plan_cache_mode') as plan_cache_mode, current_setting('statement_timeout') as statement_timeout`,
  );

const milliseconds = (setting: string) => Number(setting.replace(/ms$/, "").replace(/s$/, "000"));

describe("a search's time budget", () => {
  environmentForBlock({ SEARCH_BUDGET_MS: "400" });

  it("plans its first statement for its own values, under the whole budget", async (context) => {
    if (env().DATABASE_URL === undefined) return context.skip();
    const [first] = await withinSearchBudget(({ tx }) => settings(tx));
    expect(first!.plan_cache_mode).toBe("force_custom_plan");
    expect(milliseconds(first!.statement_timeout)).toBeGreaterThan(0);
    expect(milliseconds(first!.statement_timeout)).toBeLessThanOrEqual(400);
  });

  it("gives a statement after next() what is left, and one after limitNext(ms) that", async (context) => {
    if (env().DATABASE_URL === undefined) return context.skip();
    const [afterNext, limited] = await withinSearchBudget(async ({ tx, next, limitNext }) => {
      await tx.execute(sql`select pg_sleep(0.1)`);
      next();
      const [left] = await settings(tx);
      limitNext(7);
      const [seven] = await settings(tx);
      return [left!, seven!];
    });
    expect(milliseconds(afterNext!.statement_timeout)).toBeLessThanOrEqual(300);
    expect(afterNext!.plan_cache_mode).toBe("force_custom_plan");
    expect(limited!.statement_timeout).toBe("7ms");
  });

  it("cancels a statement past what is left: 503 with Retry-After", async (context) => {
    if (env().DATABASE_URL === undefined) return context.skip();
    const started = performance.now();
    const failure = await withinSearchBudget(async ({ tx, next }) => {
      await tx.execute(sql`select pg_sleep(0.2)`);
      next();
      await tx.execute(sql`select pg_sleep(2)`);
    }).catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("service_unavailable");
  });

  it("leaves the pool's sessions as they were", async (context) => {
    if (env().DATABASE_URL === undefined) return context.skip();
    await withinSearchBudget(({ tx }) => settings(tx));
    const db = await getDb();
    const after = await Promise.all(
      Array.from({ length: 10 }, () => queryRows<{ mode: string }>(db, sql`select current_setting('plan_cache_mode') as mode`)),
    );
    expect(after.map(([row]) => row!.mode)).toEqual(Array(10).fill("auto"));
  });
});
