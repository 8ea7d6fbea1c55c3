import { fillPlaceholders, sql } from "drizzle-orm";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";

import { getListDb, plannedOnceSettings, queryRows, type Executor } from "@/db/client";
import { APP_CATEGORIES, APP_ENVIRONMENTS } from "@/lib/core/enums";
import { env } from "@/lib/core/env";
import { processCache } from "@/lib/core/process-cache";
import { insertApps } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";

import { asJson, listPublicApps } from "./queries";
import type { ListAppsQuery, PublicSort } from "./schemas";

// The public lists run on connections that plan each statement once (db/client.ts,
// plannedOnceSettings). A plan made once serves every page of every category, so it must be the
// plan that is right for all of them, whatever the planner guesses for `limit $n`: each list shape,
// planned on such a connection, walks an index and joins the page's rows by primary key.

const SORTS: Exclude<PublicSort, "relevance">[] = ["popular", "rating", "newest", "name"];
const FILTERS: Partial<ListAppsQuery>[] = [
  {},
  { category: "ANALYTICS" },
  { environment: "production" },
  { featured: true },
  { featured: false },
  { category: "FINANCE", environment: "staging", featured: true },
];

type PreparedList = { queryString: string; params: unknown[] };

/** The list statements the lists' connections ran, as the process keeps them (db/statements.ts), by shape. */
function listStatements(db: Executor): [string, PreparedList][] {
  const statements = processCache<Executor, Map<string, PreparedList>>("public-rows-statements").get(db) ?? new Map();
  return [...statements].filter(([key]) => key.startsWith("json:list:"));
}

/** A value for every placeholder a list statement may have. */
const VALUES = { category: "ANALYTICS", environment: "staging", limit: 20, offset: 40 };

describe("the public lists' plans", () => {
  beforeAll(async () => {
    if (env().DATABASE_URL === undefined) return;
    const developer = await insertDeveloper();
    // Enough apps that a plan guessing 10% of them for a page would rather scan them all.
    await insertApps(
      developer,
      Array.from({ length: 4_000 }, (_, index) => ({
        name: `Plan ${index}`,
        category: APP_CATEGORIES[index % APP_CATEGORIES.length],
        environment: APP_ENVIRONMENTS[index % APP_ENVIRONMENTS.length],
        featured: index % 7 === 0,
        activeInstallCount: index % 97,
      })),
    );
    await (await getListDb()).execute(sql`analyze apps`);
  });

  it("run on connections that plan once, without hash joins, merge joins or JIT", async (context) => {
    if (env().DATABASE_URL === undefined) return context.skip();
    const [settings] = await queryRows<Record<string, string>>(
      await getListDb(),
      sql`select current_setting('plan_cache_mode') as plan_cache_mode, current_setting('jit') as jit,
                 current_setting('enable_hashjoin') as enable_hashjoin, current_setting('enable_mergejoin') as enable_mergejoin`,
    );
    expect(settings).toEqual({ plan_cache_mode: "force_generic_plan", jit: "off", enable_hashjoin: "off", enable_mergejoin: "off" });
  });

  it("walk an index and join by primary key, for every sort and set of filters", async (context) => {
    if (env().DATABASE_URL === undefined) return context.skip();
    const db = await getListDb();
    const own = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {}, connection: plannedOnceSettings });
    try {
      for (const sort of SORTS) {
        for (const filters of FILTERS) {
          const query = { sort, page: 1, limit: 5, ...filters } as ListAppsQuery;
          const { items } = await listPublicApps({ query, client: "plans" }, asJson);
          expect(items.length).toBeGreaterThan(0);
        }
      }
      const statements = listStatements(db);
      expect(statements).toHaveLength(SORTS.length * FILTERS.length);
      for (const [shape, { queryString, params }] of statements) {
        const values = fillPlaceholders(params, VALUES) as never[];
        // Prepared as the pool prepares it (a named statement, its types inferred), then explained by name.
        await own.unsafe(queryString, values, { prepare: true });
        const [prepared] = await own<{ name: string }[]>`select name from pg_prepared_statements where statement = ${queryString}`;
        const literals = (values as unknown[]).map((value) =>
          typeof value === "string" ? `'${value.replace(/'/g, "''")}'` : String(value),
        );
        const rows = await own.unsafe(`explain (costs off) execute "${prepared!.name.replace(/"/g, `""`)}"(${literals.join(", ")})`);
        const plan = rows.map((row) => String(row["QUERY PLAN"])).join("\n");
        expect(plan, `${shape}\n${plan}`).not.toMatch(/Hash Join|Merge Join|Seq Scan on apps|JIT/);
        expect(plan, `${shape}\n${plan}`).toMatch(/Index (Only )?Scan using apps_public_\w+_idx/);
        expect(plan, `${shape}\n${plan}`).toMatch(/Index Scan using apps_pkey/);
      }
    } finally {
      await own.end();
    }
  });
});
