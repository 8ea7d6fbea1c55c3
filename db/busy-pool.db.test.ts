import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as listApps from "@/app/api/apps/route";
import { connect, disconnect, getDb } from "@/db/client";
import { env } from "@/lib/core/env";
import { environmentForBlock } from "@/test/support/environment";
import { call } from "@/test/support/http";

import { databaseUnavailable } from "./breaker";

// A pool whose every connection is busy is not a database down (issue 42: a client's searches
// filled the pool, the wait for a connection opened the breaker, and every visitor got 503s until
// its probe answered). A wait for a free connection past DATABASE_QUERY_TIMEOUT_MS is that
// request's 503; the breaker stays closed and the next request is served as soon as a connection
// is free. On a database server only: PGlite has no pool.

const onServer = () => env().DATABASE_URL !== undefined;
/** db/client.ts's pool. */
const POOL_SIZE = 10;

describe("a pool with every connection busy", () => {
  environmentForBlock({ DATABASE_QUERY_TIMEOUT_MS: "300" });

  beforeAll(async () => {
    if (!onServer()) return;
    await disconnect();
    await connect();
  });

  afterAll(async () => {
    if (!onServer()) return;
    await disconnect();
  });

  it("answers the request that waited too long 503, and does not open the breaker", async (context) => {
    if (!onServer()) return context.skip();
    const db = await getDb();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const holders = Array.from({ length: POOL_SIZE }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started++;
        await released;
      }),
    );
    try {
      await expect.poll(() => started, { timeout: 2_000, interval: 10 }).toBe(POOL_SIZE);
      const waited = await call(listApps.GET, { path: "/api/apps?search=anything" });
      expect(waited.status).toBe(503);
      expect(waited.body.code).toBe("service_unavailable");
      expect(waited.headers.get("retry-after")).toBe("5");
      expect(databaseUnavailable()).toBe(false);
      // The public lists have a pool of their own (db/client.ts, getListDb): still answered.
      expect((await call(listApps.GET, { path: "/api/apps" })).status).toBe(200);
    } finally {
      release();
      await Promise.all(holders);
    }
    // At once, not after the breaker's probe.
    expect((await call(listApps.GET, { path: "/api/apps?search=anything" })).status).toBe(200);
  });
});
