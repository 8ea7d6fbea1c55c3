import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as listApps from "@/app/api/apps/route";
import * as health from "@/app/api/health/route";
import * as ready from "@/app/api/ready/route";
import { databaseAnsweredWithin } from "@/db/breaker";
import { connect, disconnect } from "@/db/client";
import { env } from "@/lib/core/env";
import { startFaultProxy, type FaultMode, type FaultProxy } from "@/test/support/fault-proxy";
import { call } from "@/test/support/http";
import { forgetProcessCaches } from "@/test/support/process-caches";

// The database failing under a running process, as an operations review played it: a TCP proxy
// between this process and Postgres that refuses, resets, or accepts and then says nothing. With
// the default timeouts the API answers 503 within 5 s, readiness within 2 s, liveness stays 200,
// and once the database is back everything answers again within seconds, without a
// restart. Rate limits are on, as in production: their store is the same database. On a database
// server only: PGlite runs inside the process, there is no connection to fail.

const onServer = () => env().DATABASE_URL !== undefined;

let proxy: FaultProxy | undefined;
let directUrl: string | undefined;

beforeAll(async () => {
  if (!onServer()) return;
  directUrl = env().DATABASE_URL!;
  const target = new URL(directUrl);
  proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await disconnect();
  process.env.DATABASE_URL = proxy.urlThrough(directUrl);
  process.env.RATE_LIMITS = "on";
  forgetProcessCaches();
  await connect();
});

afterAll(async () => {
  if (!proxy) return;
  await disconnect();
  await proxy.close();
  process.env.DATABASE_URL = directUrl;
  process.env.RATE_LIMITS = "off";
  forgetProcessCaches();
  await connect();
});

beforeEach(async (context) => {
  if (!proxy) return context.skip();
  await proxy.setMode("pass");
});

async function timed<T>(request: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await request();
  return { result, ms: performance.now() - started };
}

/** Readiness and a public list answer 200: at once, or after an outage within seconds (the breaker probes once a second; connections left stalled are dropped after DATABASE_QUERY_TIMEOUT_MS). */
async function expectAnswering(): Promise<void> {
  await expect.poll(async () => (await call(ready.GET)).status, { timeout: 8_000, interval: 200 }).toBe(200);
  const list = await call(listApps.GET, { path: "/api/apps" });
  expect(list.status).toBe(200);
}

describe.each<{ mode: FaultMode; fault: string }>([
  { mode: "refuse", fault: "the database is down (connections refused)" },
  { mode: "reset", fault: "the database drops every connection" },
  { mode: "stall", fault: "the database accepts connections and never answers" },
])("$fault", ({ mode }) => {
  it("the API answers 503 service_unavailable with Retry-After within 5 s", async () => {
    await expectAnswering();
    await proxy!.setMode(mode);
    for (const path of ["/api/apps", "/api/apps?search=anything"]) {
      const { result: res, ms } = await timed(() => call(listApps.GET, { path }));
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("service_unavailable");
      expect(res.headers.get("retry-after")).toBe("5");
      expect(ms).toBeLessThan(5_000);
    }
    // Found unreachable, the database is not waited for again by every request.
    const { result: next, ms } = await timed(() => call(listApps.GET, { path: "/api/apps?category=PRODUCTIVITY" }));
    expect(next.status).toBe(503);
    expect(ms).toBeLessThan(500);
  });

  it("/api/ready answers 503 within 2 s, /api/health stays 200, and both recover without a restart", async () => {
    await expectAnswering();
    await proxy!.setMode(mode);
    const { result: readiness, ms } = await timed(() => call(ready.GET));
    expect(readiness.status).toBe(503);
    expect(readiness.body.code).toBe("service_unavailable");
    expect(ms).toBeLessThan(2_000);
    expect((await call(health.GET)).status).toBe(200);

    await proxy!.setMode("pass");
    await expectAnswering();
  });
});

describe("a database that stops answering in the middle of a connection's life", () => {
  it("a request waiting on an established connection gets its 503 within 5 s, and the next one is served", async () => {
    // Warm the pool: every later request uses connections opened while the database answered.
    await expectAnswering();
    await proxy!.setMode("stall");
    const requests = Array.from({ length: 12 }, () => timed(() => call(listApps.GET, { path: "/api/apps" })));
    for (const { result: res, ms } of await Promise.all(requests)) {
      expect(res.status).toBe(503);
      expect(ms).toBeLessThan(5_000);
    }
    await proxy!.setMode("pass");
    await expectAnswering();
  });
});

describe("the check a page is rendered after (proxy.ts)", () => {
  it("says the database is gone within ~1 s of it going silent, while the pool waits on statements it never answers", async () => {
    await expectAnswering();
    await proxy!.setMode("stall");
    // More requests than the pool has connections: every one of them waits on the silent server.
    const waiting = Array.from({ length: 12 }, () => call(listApps.GET, { path: "/api/apps" }));
    // Past the last answer from before the stall, a page's check has to ask.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { result: answered, ms } = await timed(() => databaseAnsweredWithin(25));
    expect(answered).toBe(false);
    expect(ms).toBeLessThan(1_500);
    for (const res of await Promise.all(waiting)) expect(res.status).toBe(503);
    await proxy!.setMode("pass");
    await expectAnswering();
  });
});
