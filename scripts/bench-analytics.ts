// npm run bench:analytics — a publisher's figures over time at scale (issue 44).
//
// Creates a fresh database on the Postgres server, migrates it, seeds --apps approved apps
// (scripts/bench/seed.ts) and --days days of daily figures for every one of them (one row per app
// and day from a random source; the --samples apps it measures get a row for each of the nine
// sources every day), then times the analytics service as the API calls it (the app's lookup
// through the caller's access, then the series' statements) for each sampled app:
//   - the longest call, 400 days by day, all metrics, with the rest of the history before it;
//   - two years by day, as the two calls it takes (400 + the rest), all metrics, by source;
//   - two years by month in two calls (the portal's "by month" view of the same).
// Prints p50, p95, p99 and max per case. The database is dropped at the end.
//
//   npm run bench:analytics                                   100,000 apps × 730 days (docs/benchmarks.md)
//   npm run bench:analytics -- --apps 2000 --days 60 --samples 20   a quick run
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
    server: { type: "string", default: process.env.PG_SERVER_URL ?? "postgres://postgres@127.0.0.1:5432" },
  },
});
const appCount = Number(args.apps);
const days = Number(args.days);
const samples = Number(args.samples);

const databaseName = `mkp_bench_analytics_${Date.now()}`;
const serverUrl = args.server.replace(/\/$/, "");
const databaseUrl = `${serverUrl}/${databaseName}`;
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const today = isoDay(new Date());
const daysBefore = (count: number) => isoDay(new Date(Date.now() - count * 86_400_000));

async function seed(): Promise<{ id: string; developerId: string }[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle({ client: sql }), { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
    let started = performance.now();
    await seedCatalogue(sql, appCount);
    console.log(`seeded ${appCount} apps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const sampled = await sql<{ id: string; developerId: string }[]>`
      select id, developer_id as "developerId" from apps order by random() limit ${samples}`;
    started = performance.now();
    // Bulk-loaded without its primary key, which is built once afterwards (as a restore would).
    await sql`alter table app_daily_stats drop constraint app_daily_stats_app_id_day_source_pk`;
    const ids = await sql<{ id: string }[]>`select id from apps order by id`;
    const BATCH = 5_000;
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH).map(({ id }) => id);
      await sql`
        insert into app_daily_stats (app_id, day, source, impressions, page_views, installs, uninstalls)
        select a.id, d::date, (enum_range(null::stat_source))[1 + floor(random() * 8)::int],
               floor(random() * 400)::int, floor(random() * 40)::int, floor(random() * 4)::int, floor(random() * 2)::int
        from unnest(${batch}::uuid[]) as a(id)
        cross join generate_series(${daysBefore(days - 1)}::date, ${today}::date, '1 day') as d`;
      process.stdout.write(`\rdaily rows: ${Math.min(start + BATCH, ids.length)} / ${ids.length} apps`);
    }
    process.stdout.write("\n");
    // The sampled apps are busy ones: every source, every day.
    await sql`delete from app_daily_stats where app_id = any(${sampled.map(({ id }) => id)}::uuid[])`;
    await sql`
      insert into app_daily_stats (app_id, day, source, impressions, page_views, installs, uninstalls)
      select a.id, d::date, s, floor(random() * 4000)::int, floor(random() * 400)::int, floor(random() * 20)::int, floor(random() * 8)::int
      from unnest(${sampled.map(({ id }) => id)}::uuid[]) as a(id)
      cross join generate_series(${daysBefore(days - 1)}::date, ${today}::date, '1 day') as d
      cross join unnest(enum_range(null::stat_source)) as s`;
    await sql`alter table app_daily_stats add constraint app_daily_stats_app_id_day_source_pk primary key (app_id, day, source)`;
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
  const sampled = await seed();
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
  await admin.unsafe(`create database "${databaseName}"`);
  await main();
} finally {
  await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
}
