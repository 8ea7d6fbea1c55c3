// npm run bench:analytics — a publisher's figures over time at scale (issue 44).
//
// Creates a fresh database on the Postgres server, migrates it, seeds --apps approved apps
// (scripts/bench/seed.ts) and --days days of daily figures for every one of them (one row per app
// and day from a random source; the --samples apps it measures get a row for each of the nine
// sources every day), written day by day as the recorder writes them, then times the analytics service as the API calls it (the app's lookup
// through the caller's access, then the series' statements) for each sampled app:
//   - the longest call, 400 days by day, all metrics, with the rest of the history before it;
//   - two years by day, as the two calls it takes (400 + the rest), all metrics, by source;
//   - two years by month in two calls (the portal's "by month" view of the same).
// Prints p50, p95, p99 and max per case. The database is dropped at the end.
//
//   npm run bench:analytics                                   100,000 apps × 730 days (docs/benchmarks.md)
//   npm run bench:analytics -- --apps 2000 --days 60 --samples 20   a quick run
//   npm run bench:analytics -- --keep     then   -- --database <the name it printed>   seed now, time later
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

import { seedCatalogue } from "./bench/seed";

const { values: args } = parseArgs({
  options: {
    apps: { type: "string", default: "100000" },
    days: { type: "string", default: "730" },
    samples: { type: "string", default: "200" },
    keep: { type: "boolean", default: false },
    database: { type: "string" },
    server: { type: "string", default: process.env.PG_SERVER_URL ?? "postgres://postgres@127.0.0.1:5432" },
  },
});
const appCount = Number(args.apps);
const days = Number(args.days);
const samples = Number(args.samples);

// --keep leaves the seeded database behind and --database <name> measures one seeded before, so the
// long seeding can run while the machine is busy and the timing when it is quiet.
const databaseName = args.database ?? `mkp_bench_analytics_${Date.now()}`;
const serverUrl = args.server.replace(/\/$/, "");
const databaseUrl = `${serverUrl}/${databaseName}`;
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const today = isoDay(new Date());
const daysBefore = (count: number) => isoDay(new Date(Date.now() - count * 86_400_000));

type SampledApp = { id: string; developerId: string };

/** The apps timed (ids are random, so the first by id are a random sample), busy ones in the seed. */
const sampledApps = (sql: postgres.Sql) =>
  sql<SampledApp[]>`select id, developer_id as "developerId" from apps order by id limit ${samples}`;

async function sampledOfSeeded(): Promise<SampledApp[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await sampledApps(sql);
  } finally {
    await sql.end();
  }
}

async function seed(): Promise<SampledApp[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle({ client: sql }), { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
    let started = performance.now();
    await seedCatalogue(sql, appCount);
    console.log(`seeded ${appCount} apps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const sampled = await sampledApps(sql);
    started = performance.now();
    // Bulk-loaded without its primary key, which is built once afterwards (as a restore would). Each
    // batch is written day by day across its apps, as the recorder's flushes write them, so an app's
    // rows lie on as many pages as it has days: a series reads them as it would in production.
    await sql`alter table app_daily_stats drop constraint app_daily_stats_app_id_day_source_pk`;
    const ids = await sql<{ id: string }[]>`select id from apps order by id`;
    const busy = sampled.map(({ id }) => id);
    const BATCH = 5_000;
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH).map(({ id }) => id);
      await sql`
        insert into app_daily_stats (app_id, day, source, impressions, page_views, installs, uninstalls)
        select a.id, d::date, s.source,
               floor(random() * s.scale * 400)::int, floor(random() * s.scale * 40)::int,
               floor(random() * s.scale * 4)::int, floor(random() * s.scale * 2)::int
        from generate_series(${daysBefore(days - 1)}::date, ${today}::date, '1 day') as d
        cross join unnest(${batch}::uuid[]) as a(id)
        cross join lateral (
          select source, 10 as scale from unnest(enum_range(null::stat_source)) as source where a.id = any(${busy}::uuid[])
          union all
          select (enum_range(null::stat_source))[1 + floor(random() * 8)::int], 1 where not a.id = any(${busy}::uuid[])
        ) as s`;
      process.stdout.write(`\rdaily rows: ${Math.min(start + BATCH, ids.length)} / ${ids.length} apps`);
    }
    process.stdout.write("\n");
    // As migration 0043 declares it: the figures ride in the key, for index-only reads.
    await sql`alter table app_daily_stats add constraint app_daily_stats_app_id_day_source_pk
      primary key (app_id, day, source) include (impressions, page_views, installs, uninstalls)`;
    await sql`vacuum analyze app_daily_stats`;
    const [size] = await sql<{ rows: string; bytes: string }[]>`
      select (select count(*) from app_daily_stats)::text as rows, pg_size_pretty(pg_total_relation_size('app_daily_stats')) as bytes`;
    console.log(`seeded ${size!.rows} daily rows (${size!.bytes} with its key) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return sampled;
  } finally {
    await sql.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const cpu = os.cpus();
  console.log(`date:     ${new Date().toISOString()}`);
  console.log(
    `machine:  ${cpu[0]?.model ?? "unknown CPU"}, ${cpu.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  );
  console.log(
    `load:     ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")} (1, 5, 15 min) before the run`,
  );
  const sampled = args.database ? await sampledOfSeeded() : await seed();
  if (args.keep) console.log(`database: ${databaseName} (kept: --database ${databaseName} times it again)`);
  process.env.DATABASE_URL = databaseUrl;
  const { appSeries } = await import("@/lib/analytics/service");
  const { disconnect } = await import("@/db/client");
  const access = (developerId: string) => ({ developerId, member: null, key: null });
  const split = days > 400;
  const cases: { name: string; calls: Record<string, string>[] }[] = [
    { name: "400 days by day (one call)", calls: [{ from: daysBefore(399), to: today, interval: "day" }] },
    {
      name: `${days} days by day, by source (${split ? "two calls" : "one call"})`,
      calls: split
        ? [
            { from: daysBefore(days - 1), to: daysBefore(400), interval: "day", groupBy: "source" },
            { from: daysBefore(399), to: today, interval: "day", groupBy: "source" },
          ]
        : [{ from: daysBefore(days - 1), to: today, interval: "day", groupBy: "source" }],
    },
    {
      name: `${days} days by month (${split ? "two calls" : "one call"})`,
      calls: split
        ? [
            { from: daysBefore(days - 1), to: daysBefore(400), interval: "month" },
            { from: daysBefore(399), to: today, interval: "month" },
          ]
        : [{ from: daysBefore(days - 1), to: today, interval: "month" }],
    },
  ];
  try {
    // Warm: the connection pool opened, the statements' plans and the pages of a few apps read once.
    for (const app of sampled.slice(0, 5))
      for (const { calls } of cases) for (const query of calls) await appSeries({ access: access(app.developerId), appId: app.id, query });
    console.log(`\n| Case (${appCount} apps × ${days} days) | p50 | p95 | p99 | max |\n| --- | --- | --- | --- | --- |`);
    for (const { name, calls } of cases) {
      const times: number[] = [];
      for (const app of sampled) {
        const started = performance.now();
        for (const query of calls) await appSeries({ access: access(app.developerId), appId: app.id, query });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(
        `| ${name} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(percentile(times, 99))} | ${ms(times.at(-1)!)} |`,
      );
    }
  } finally {
    await disconnect();
  }
}

try {
  if (!args.database) await admin.unsafe(`create database "${databaseName}"`);
  await main();
} finally {
  if (!args.keep && !args.database) await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
}
