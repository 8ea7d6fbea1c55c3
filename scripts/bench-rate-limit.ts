// npm run bench:rate-limit — what the rate limiter costs: throughput and latency of GET /api/apps
// through the production server (scripts/serve.ts, `npm run build` first) with RATE_LIMITS=off
// and with limits on (quota far above what the run sends, so nothing is refused), in one run.
//
// It creates a fresh database on the Postgres server (BENCH_DATABASE_URL, default the local
// server; the new database is named after the URL's database, e.g. postgres_bench_rl_1a2b3c),
// starts two app processes on it on loopback (one per setting, the first seeds the demo data),
// measures them in turns with autocannon, and drops the database at the end.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";

import autocannon from "autocannon";
import postgres from "postgres";

import { E2E_ADMIN_EMAIL, freshSecret } from "../e2e/support/production-env";

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3290);
const PATH = "/api/apps?limit=20";

type Setting = { label: string; port: number; env: Record<string, string> };
const SETTINGS: Setting[] = [
  { label: "RATE_LIMITS=off", port: BASE_PORT, env: { RATE_LIMITS: "off" } },
  // One client address, so every request updates the same counter row: the limiter's worst case.
  { label: "RATE_LIMITS=on", port: BASE_PORT + 1, env: { RATE_LIMITS: "on", RATE_LIMIT_PUBLIC_READ: "100000000/1m" } },
];

if (!existsSync(".next/BUILD_ID")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const base = new URL(SERVER_URL).pathname.slice(1) || "postgres";
const databaseName = `${base}_bench_rl_${randomBytes(3).toString("hex")}`.slice(0, 63);
const databaseUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${databaseName}` }).toString();
const admin = () => postgres(Object.assign(new URL(SERVER_URL), { pathname: "/postgres" }).toString(), { max: 1, onnotice: () => {} });

const children: ChildProcess[] = [];

async function startServer(setting: Setting, seed: boolean): Promise<void> {
  const child = spawn("node_modules/.bin/tsx", ["scripts/serve.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ...setting.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(setting.port),
      APP_URL: `http://localhost:${setting.port}`,
      DATABASE_URL: databaseUrl,
      SEED_ON_EMPTY: String(seed),
      NEXTAUTH_SECRET: freshSecret(),
      // Required in production; public reads never call Yapture.
      YAPTURE_ISSUER: "http://127.0.0.1:9",
      YAPTURE_CLIENT_ID: "marketplace-bench",
      YAPTURE_CLIENT_SECRET: freshSecret(),
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      EMAIL_DISPATCHER: "off",
      LOG_LEVEL: "error",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  children.push(child);
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`the ${setting.label} server exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${setting.port}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the ${setting.label} server did not become ready`);
}

type Measurement = { requestsPerSecond: number; p50: number; p99: number; requests: number; non2xx: number; errors: number };

async function measure(setting: Setting, seconds: number): Promise<Measurement> {
  const result = await autocannon({ url: `http://127.0.0.1:${setting.port}${PATH}`, connections: CONNECTIONS, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function stopServers(): Promise<void> {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await Promise.all(children.map((child) => (child.exitCode !== null ? null : new Promise((resolve) => child.once("exit", resolve)))));
}

const server = admin();
await server.unsafe(`create database "${databaseName}"`);
await server.end();
try {
  await startServer(SETTINGS[0]!, true);
  await startServer(SETTINGS[1]!, false);
  for (const setting of SETTINGS) {
    // Make sure each server does what its label says: the limited one sends the rate-limit headers.
    const limited = (await fetch(`http://127.0.0.1:${setting.port}${PATH}`)).headers.has("ratelimit");
    if (limited !== (setting.env.RATE_LIMITS === "on"))
      throw new Error(`${setting.label}: rate-limit headers ${limited ? "present" : "missing"}`);
    await measure(setting, 3); // warm-up: JIT, pools, query plans
  }

  // Alternate the settings, so drift on a shared machine falls on both alike.
  const results = new Map<string, Measurement[]>(SETTINGS.map((setting) => [setting.label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const setting of SETTINGS) {
      const measured = await measure(setting, SECONDS);
      if (measured.non2xx > 0 || measured.errors > 0)
        throw new Error(`${setting.label}: ${measured.non2xx} non-2xx, ${measured.errors} errors`);
      results.get(setting.label)!.push(measured);
    }
  }

  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(
    `\nGET ${PATH}, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per setting, Node ${process.version}, ${os.cpus().length} cores\n`,
  );
  console.log("| Setting | requests/s | p50 ms | p99 ms | requests |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const [label, runs] of results) {
    const row = [mean(runs.map((r) => r.requestsPerSecond)), mean(runs.map((r) => r.p50)), mean(runs.map((r) => r.p99))].map((value) =>
      value.toFixed(1),
    );
    console.log(`| ${label} | ${row.join(" | ")} | ${runs.reduce((sum, r) => sum + r.requests, 0)} |`);
  }
} finally {
  await stopServers();
  const cleanup = admin();
  await cleanup.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await cleanup.end();
}
