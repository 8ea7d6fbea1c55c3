// npm run bench:rate-limit — what the rate limiter costs: throughput and latency of GET /api/apps
// through the production server (scripts/serve.ts, `npm run build` first) with RATE_LIMITS=off,
// with limits on (quota far above what the run sends, so nothing is refused), and with limits on
// for a client far over its quota (every request refused: what an abusive client costs, and how
// many writes its refusals make to the counter row, which should be none), in one run.
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

/** The client the refusing server counts (X-Forwarded-For from loopback, which it trusts): a key of its own. */
const REFUSED_CLIENT = "198.51.100.99";
type Setting = { label: string; port: number; env: Record<string, string>; headers?: Record<string, string>; refused?: boolean };
const SETTINGS: Setting[] = [
  { label: "RATE_LIMITS=off", port: BASE_PORT, env: { RATE_LIMITS: "off" } },
  // One client address, so every request updates the same counter row: the limiter's worst case.
  { label: "RATE_LIMITS=on", port: BASE_PORT + 1, env: { RATE_LIMITS: "on", RATE_LIMIT_PUBLIC_READ: "100000000/1m" } },
  // One client over its quota for the whole run (one request an hour): every request is a 429.
  {
    label: "RATE_LIMITS=on, client over its quota",
    port: BASE_PORT + 2,
    env: { RATE_LIMITS: "on", RATE_LIMIT_PUBLIC_READ: "1/1h", TRUST_PROXY: "127.0.0.1" },
    headers: { "x-forwarded-for": REFUSED_CLIENT },
    refused: true,
  },
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

type Measurement = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** How much the refused client's counter row grew during the run: a write per refusal before they were remembered. */
  storeWrites: number;
};

/** The refused client's count in the shared store (its `rate_limits` row). */
async function refusedClientPoints(): Promise<number> {
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await db<{ points: number }[]>`select points from rate_limits where key = ${`publicRead:${REFUSED_CLIENT}`}`;
    return rows[0]?.points ?? 0;
  } finally {
    await db.end();
  }
}

async function measure(setting: Setting, seconds: number): Promise<Measurement> {
  const before = setting.refused ? await refusedClientPoints() : 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${setting.port}${PATH}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: setting.headers ?? {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    storeWrites: setting.refused ? (await refusedClientPoints()) - before : 0,
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
  for (const setting of SETTINGS.slice(1)) await startServer(setting, false);
  for (const setting of SETTINGS) {
    // Make sure each server does what its label says: the limited ones send the rate-limit headers
    // (the first request of the refused client takes its one point; every later one is refused).
    const first = await fetch(`http://127.0.0.1:${setting.port}${PATH}`, { headers: setting.headers });
    const limited = first.headers.has("ratelimit");
    if (limited !== (setting.env.RATE_LIMITS === "on"))
      throw new Error(`${setting.label}: rate-limit headers ${limited ? "present" : "missing"}`);
    await measure(setting, 3); // warm-up: JIT, pools, query plans
  }

  // Alternate the settings, so drift on a shared machine falls on both alike.
  const results = new Map<string, Measurement[]>(SETTINGS.map((setting) => [setting.label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const setting of SETTINGS) {
      const measured = await measure(setting, SECONDS);
      const unexpected = setting.refused ? measured.requests - measured.non2xx : measured.non2xx;
      if (unexpected > 0 || measured.errors > 0)
        throw new Error(`${setting.label}: ${unexpected} ${setting.refused ? "answered" : "non-2xx"}, ${measured.errors} errors`);
      results.get(setting.label)!.push(measured);
    }
  }

  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  console.log(
    `\nGET ${PATH}, ${CONNECTIONS} connections, ${ROUNDS} × ${SECONDS} s per setting, Node ${process.version}, ${os.cpus().length} cores\n`,
  );
  console.log("| Setting | requests/s | p50 ms | p99 ms | requests | refused | store writes by refusals |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const setting of SETTINGS) {
    const runs = results.get(setting.label)!;
    const row = [mean(runs.map((r) => r.requestsPerSecond)), mean(runs.map((r) => r.p50)), mean(runs.map((r) => r.p99))].map((value) =>
      value.toFixed(1),
    );
    const total = (pick: (r: Measurement) => number) => runs.reduce((sum, r) => sum + pick(r), 0);
    const writes = setting.refused ? String(total((r) => r.storeWrites)) : "–";
    console.log(`| ${setting.label} | ${row.join(" | ")} | ${total((r) => r.requests)} | ${total((r) => r.non2xx)} | ${writes} |`);
  }
} finally {
  await stopServers();
  const cleanup = admin();
  await cleanup.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await cleanup.end();
}
