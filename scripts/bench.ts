// npm run bench — the public catalogue under load, as a user would load it (issue 16).
//
// Creates a fresh database on the Postgres server, migrates it, seeds --apps approved apps in bulk
// SQL, starts the production build against it (npm run build first), runs each scenario for
// --seconds with --connections connections on loopback (autocannon), and prints req/s, p50, p99,
// errors, timeouts, CPU per request and the ratio to GET /api/health measured in the same run
// (before and after the scenarios), plus the server's RSS. Installs are checked for exactness
// afterwards. The database is dropped at the end. Exits 1 on a wrong answer (error status or
// connection error) or an inexact count, and with --assert-goal on a missed goal or a timeout.
// The server listens on --port (BENCH_PORT, 3750), its identity provider on --idp-port
// (BENCH_IDP_PORT, 4750); the Postgres server is --server (PG_SERVER_URL).
//
//   npm run bench -- --apps 100000 --seconds 10        the full run (docs/benchmarks.md)
//   npm run bench -- --apps 1000 --seconds 2           the CI smoke run
//   --only <text>  scenarios whose name contains text   --profile  write a CPU profile of the server
//   --warmup <s>   each scenario's own warm-up just before it is measured (default 5)
//   --seeded <db>  copy the run's database from <db> (seeded there first, and kept, if it does not exist)
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

import { formatReport, type Measured } from "./bench/report";
import { HEALTH, scenarios, type BenchCatalogue, type Scenario } from "./bench/scenarios";
import { seedCatalogue } from "./bench/seed";
import { cpuMilliseconds, startBenchServer, type BenchServer } from "./bench/server";
import { signedInCookie } from "./bench/signed-in";

const { values: args } = parseArgs({
  options: {
    apps: { type: "string", default: "100000" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "3750" },
    "idp-port": { type: "string", default: process.env.BENCH_IDP_PORT ?? "4750" },
    server: { type: "string", default: process.env.PG_SERVER_URL ?? "postgres://postgres@127.0.0.1:5432" },
    "db-prefix": { type: "string", default: "mkp_bench" },
    seeded: { type: "string" },
    only: { type: "string" },
    profile: { type: "boolean", default: false },
    "assert-goal": { type: "boolean", default: false },
    markdown: { type: "boolean", default: false },
  },
});

const appCount = Number(args.apps);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
if (!existsSync(".next/BUILD_ID")) throw new Error("no production build: run `npm run build` first");

const databaseName = `${args["db-prefix"]}_${Date.now()}`;
const serverUrl = args.server.replace(/\/$/, "");
const databaseUrl = `${serverUrl}/${databaseName}`;
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
/** The bench server's NEXTAUTH_SECRET, so the signed-in scenario's session cookie is one it accepts. */
const sessionSecret = randomBytes(32).toString("base64url");

/** Migrates `url`'s database and seeds it with `appCount` apps. */
async function migrateAndSeed(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle({ client: sql }), { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
    const started = performance.now();
    await seedCatalogue(sql, appCount);
    console.log(`seeded ${appCount} apps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await sql.end();
  }
}

/**
 * The run's database: seeded now, or (--seeded) a copy of a database seeded by an earlier run, kept
 * for runs to come (a 100,000-app seed takes minutes; a copy seconds). A copy is migrated too.
 */
async function createRunDatabase(): Promise<void> {
  const kept = args.seeded;
  if (kept === undefined) {
    await admin.unsafe(`create database "${databaseName}"`);
    return migrateAndSeed(databaseUrl);
  }
  const [exists] = await admin`select 1 from pg_database where datname = ${kept}`;
  if (!exists) {
    await admin.unsafe(`create database "${kept}"`);
    await migrateAndSeed(`${serverUrl}/${kept}`);
  } else console.log(`copying the database seeded in ${kept} (its seed's --apps holds)`);
  await admin.unsafe(`create database "${databaseName}" template "${kept}"`);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await migrate(drizzle({ client: sql }), { migrationsFolder: path.join(process.cwd(), "db", "migrations") }).finally(() => sql.end());
}

async function prepareDatabase(): Promise<BenchCatalogue> {
  await createRunDatabase();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const slugs = await sql<{ slug: string }[]>`select slug from apps where public order by install_count desc, slug`;
    const developers = await sql<{ id: string }[]>`
      select developer_id as id from apps where public group by developer_id order by sum(install_count) desc, developer_id`;
    return {
      slugs: slugs.map((row) => row.slug),
      developerIds: developers.map((row) => row.id),
      signedInCookie: await signedInCookie(sql, sessionSecret),
    };
  } finally {
    await sql.end();
  }
}

/**
 * CPU milliseconds used so far by the server process and by the database's backends. Per request,
 * these hold still on a busy machine where req/s does not: the cost of a request, not its speed.
 */
async function cpuUse(server: BenchServer): Promise<{ server: number; database: number }> {
  const backends = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${databaseName}`;
  const database = await Promise.all(backends.map((backend) => cpuMilliseconds(backend.pid)));
  return { server: await cpuMilliseconds(server.pid), database: database.reduce((sum, ms) => sum + ms, 0) };
}

/**
 * Waits until the server has worked off what the last scenario left in flight (the load generator
 * drops its connections when time is up; the server still finishes those requests): until it has
 * been nearly idle for half a second.
 */
async function settle(server: BenchServer): Promise<void> {
  const deadline = Date.now() + 30_000;
  let before = await cpuMilliseconds(server.pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await cpuMilliseconds(server.pid);
    if (now - before <= 50) return;
    before = now;
  }
}

let installsCreated = 0;
let installLoads = 0;

/** Runs one scenario for `duration` seconds; every request is drawn from the scenario. */
async function load(server: BenchServer, scenario: Scenario, duration: number): Promise<Measured> {
  await settle(server);
  const cpuBefore = await cpuUse(server);
  const result = await autocannon({
    url: server.url,
    connections,
    duration,
    timeout: 30,
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => {
          const { headers, ...next } = scenario.next();
          return { ...request, ...next, headers: headers ?? request.headers };
        },
      },
    ],
  });
  const cpuAfter = await cpuUse(server);
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats?.count ?? 0] as const);
  const isRefusal = (status: string) => scenario.sheds === true && (status === "429" || status === "503");
  const refused = statuses.filter(([status]) => isRefusal(status)).reduce((sum, [, count]) => sum + count, 0);
  const failedStatuses = Object.fromEntries(statuses.filter(([status]) => Number(status) >= 300 && !isRefusal(status)));
  installsCreated += result.statusCodeStats?.["201"]?.count ?? 0;
  if (scenario.goal === "install") installLoads += 1;
  return {
    scenario,
    // A refused request is answered at once: only the ones served count towards the throughput.
    requestsPerSecond: (result.requests.total - refused) / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon's `errors` include its timeouts; they are counted apart (a slow answer, not a wrong one),
    // as are the refusals of a scenario that sheds load.
    errors: result.errors - result.timeouts + result.non2xx - refused,
    failedStatuses,
    refused,
    timeouts: result.timeouts,
    serverCpuMs: (cpuAfter.server - cpuBefore.server) / Math.max(1, result.requests.total),
    databaseCpuMs: (cpuAfter.database - cpuBefore.database) / Math.max(1, result.requests.total),
  };
}

/**
 * Every install was counted once, on its app: each app's counter grew by exactly its new install
 * rows. Every 201 the load generator saw has its row; a few more rows may exist, from requests
 * still in flight when a scenario's time ran out (the server finished them, nobody read the answer).
 */
async function checkInstalls(created: number, inFlightAtMost: number): Promise<string[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ rows: number; increments: number; wrong: number }[]>`
      select (select count(*)::int from installs) as rows,
             (select coalesce(sum(a.install_count - b.install_count), 0)::int from apps a join bench_baseline b using (id)) as increments,
             (select count(*)::int from apps a join bench_baseline b using (id)
              where a.install_count - b.install_count <> (select count(*) from installs i where i.app_id = a.id)) as wrong`;
    const { rows, increments, wrong } = row!;
    console.log(`installs: ${created} answered 201, ${rows} install rows, counters grew by ${increments}, ${wrong} apps inexact`);
    const problems: string[] = [];
    if (wrong > 0) problems.push(`${wrong} apps' install counts differ from their install rows`);
    if (increments !== rows) problems.push(`install counters grew by ${increments} for ${rows} install rows`);
    if (rows < created || rows > created + inFlightAtMost) problems.push(`${rows} install rows for ${created} answers 201`);
    return problems;
  } finally {
    await sql.end();
  }
}

async function main(): Promise<string[]> {
  const cpu = os.cpus();
  const load1 = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  console.log(`date:     ${new Date().toISOString()}`);
  console.log(
    `machine:  ${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  );
  console.log(`load:     ${load1} (1, 5, 15 min) before the run`);
  const catalogue = await prepareDatabase();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const [version] = await sql<{ server_version: string }[]>`show server_version`;
  await sql`create table bench_baseline as select id, install_count from apps`;
  await sql.end();
  console.log(`database: PostgreSQL ${version!.server_version}, ${databaseName}; ${connections} connections, ${seconds} s per scenario`);

  const server = await startBenchServer({
    port: Number(args.port),
    idpPort: Number(args["idp-port"]),
    database: { DATABASE_URL: databaseUrl },
    env: { NEXTAUTH_SECRET: sessionSecret },
    profileDir: args.profile ? path.join(process.cwd(), ".data", "profiles") : undefined,
  });
  console.log(`ready:    ${server.readySeconds.toFixed(1)} s after the server started (goal ≤ 10 s)`);
  try {
    const selected = scenarios(catalogue).filter((scenario) => !args.only || scenario.name.includes(args.only));
    // Every route compiled and the connections opened before anything counts.
    for (const scenario of [HEALTH, ...selected]) await load(server, scenario, 1);
    // Each scenario is then warmed up again just before it is measured: the mixed scenarios took
    // ~10 s of their own load to settle (the uncached one cost 1.8 ms of server CPU per request in
    // its first 10 s after a 1 s warm-up, 1.5 ms from then on; docs/benchmarks.md).
    const measure = async (scenario: Scenario) => {
      if (Number(args.warmup) > 0) await load(server, scenario, Number(args.warmup));
      return load(server, scenario, seconds);
    };
    const results = [await measure(HEALTH)];
    for (const scenario of selected) {
      results.push(await measure(scenario));
      console.log(`  ${scenario.name}: ${results.at(-1)!.requestsPerSecond.toFixed(0)} req/s`);
    }
    results.push(await measure({ ...HEALTH, name: `${HEALTH.name} (again)` }));
    const rss = await server.rssBytes();
    const report = formatReport(results, { rss, markdown: args.markdown });
    console.log(`\n${report.text}`);
    const problems = [...report.errors, ...(await checkInstalls(installsCreated, installLoads * connections))];
    return args["assert-goal"] ? [...problems, ...report.missed] : problems;
  } finally {
    await server.stop();
  }
}

let problems: string[] = ["the benchmark did not finish"];
try {
  problems = await main();
} finally {
  await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
}
for (const problem of problems) console.error(`error: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
