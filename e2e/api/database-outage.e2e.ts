import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";
import postgres from "postgres";

import { startFaultProxy, type FaultMode, type FaultProxy } from "@/test/support/fault-proxy";
import { listeningPort, productionEnvironment, startProcess, type Started } from "../support/processes";

// The production server with its database failing under it, through a TCP proxy that refuses,
// resets, or accepts and then says nothing (as the operations review did), rate limits on as
// production runs: pages answer a friendly 503 page (never a 500, never a stack), the API 503
// problem+json, both with Retry-After and within 5 s; readiness 503 within 2 s; liveness 200; and
// once the database is back, everything answers again without a restart.
// Needs a Postgres server (E2E_DATABASE_URL): PGlite runs inside the process and cannot fail so.

const serverUrl = process.env.E2E_DATABASE_URL;

test.describe("a production server whose database fails", () => {
  test.skip(!serverUrl, "needs a Postgres server (E2E_DATABASE_URL)");
  test.describe.configure({ timeout: 120_000, mode: "serial" });

  // Named after E2E_DATABASE_URL's database, so whatever cleans up after that one finds this one too.
  const databaseName =
    `${serverUrl ? new URL(serverUrl).pathname.slice(1) || "postgres" : "postgres"}_outage_${randomUUID().slice(0, 8)}`.slice(0, 63);
  const admin = () => postgres(Object.assign(new URL(serverUrl!), { pathname: "/postgres" }).toString(), { max: 1, onnotice: () => {} });
  let proxy: FaultProxy;
  let server: Started;
  let origin: string;

  test.beforeAll(async () => {
    const sql = admin();
    await sql.unsafe(`create database "${databaseName}"`);
    await sql.end();
    const target = new URL(serverUrl!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const databaseUrl = proxy.urlThrough(Object.assign(new URL(serverUrl!), { pathname: `/${databaseName}` }).toString());
    server = startProcess(
      "node",
      ["--import", "tsx", "scripts/serve.ts"],
      await productionEnvironment({ DATABASE_URL: databaseUrl, SEED_ON_EMPTY: "true", LOG_LEVEL: "error" }),
    );
    origin = `http://127.0.0.1:${await listeningPort(server)}`;
    await expect.poll(async () => (await fetch(`${origin}/api/ready`)).status, { timeout: 60_000 }).toBe(200);
  });

  test.afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    await proxy?.close();
    const sql = admin();
    await sql.unsafe(`drop database if exists "${databaseName}" with (force)`);
    await sql.end();
  });

  async function timedGet(path: string): Promise<{ response: Response; text: string; ms: number }> {
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, { headers: { accept: "text/html,application/json" } });
    const text = await response.text();
    return { response, text, ms: performance.now() - started };
  }

  for (const mode of ["refuse", "reset", "stall"] satisfies FaultMode[]) {
    test(`database ${mode}: pages and API answer 503 with Retry-After within 5 s, readiness within 2 s; recovery without restart`, async () => {
      await proxy.setMode("pass");
      await expect.poll(async () => (await fetch(`${origin}/api/ready`)).status, { timeout: 5_000 }).toBe(200);
      expect((await timedGet("/apps")).response.status).toBe(200);

      await proxy.setMode(mode);
      // What the process holds (kept pages, remembered searches) it may serve for at most 2 s
      // (docs/architecture.md, "Pages rendered once"); after that every page needs the database.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      for (const path of ["/apps", "/", "/apps?search=calendar"]) {
        const { response, text, ms } = await timedGet(path);
        expect(response.status, path).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(text).toContain("We'll be right back");
        expect(text).not.toMatch(/\bat .+:\d+:\d+|Error:|digest/);
        expect(ms).toBeLessThan(5_000);
      }
      const api = await timedGet("/api/apps");
      expect(api.response.status).toBe(503);
      expect(api.response.headers.get("content-type")).toBe("application/problem+json");
      expect(JSON.parse(api.text)).toMatchObject({ status: 503, code: "service_unavailable" });
      expect(api.response.headers.get("retry-after")).toBe("5");
      expect(api.ms).toBeLessThan(5_000);
      const ready = await timedGet("/api/ready");
      expect(ready.response.status).toBe(503);
      expect(ready.ms).toBeLessThan(2_000);
      expect((await timedGet("/api/health")).response.status).toBe(200);

      await proxy.setMode("pass");
      await expect.poll(async () => (await fetch(`${origin}/api/ready`)).status, { timeout: 8_000, intervals: [200] }).toBe(200);
      expect((await timedGet("/apps")).response.status).toBe(200);
      expect((await timedGet("/api/apps")).response.status).toBe(200);
    });
  }
});
