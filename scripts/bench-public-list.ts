// npx tsx scripts/bench-public-list.ts — latency of GET /api/apps on ~5,000 approved apps.
// Seeds a fresh in-memory PGlite (never your .data directory), calls the route handlers directly
// (no HTTP server, so this measures query + view + JSON), and prints p50/p95 per scenario.
import os from "node:os";
import { performance } from "node:perf_hooks";

import { sql } from "drizzle-orm";

// Before anything reads lib/core/env: the environment is read once, on first use.
process.env.PGLITE_DATA_DIR = "memory://";
delete process.env.DATABASE_URL;
process.env.LOG_LEVEL = "error";
process.env.SEED_ON_EMPTY = "false";
process.env.RATE_LIMITS = "off";

const APPS = 5_000;
const WARMUP = 20;
const RUNS = 200;

const { connect, disconnect, getDb } = await import("@/db/client");
const { appScreenshots, apps, developers } = await import("@/db/schema");
const { APP_CATEGORIES, APP_ENVIRONMENTS } = await import("@/lib/core/enums");
const list = await import("@/app/api/apps/route");
const featured = await import("@/app/api/apps/featured/list/route");
const categories = await import("@/app/api/apps/categories/list/route");

type Handler = (request: Request, context: { params: Promise<unknown> }) => Promise<Response>;

// A fixed pseudo-random sequence, so every run measures the same data set.
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(42);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

const NOUNS = [
  "Task",
  "Sync",
  "Board",
  "Report",
  "Invoice",
  "Calendar",
  "Slack",
  "Sprint",
  "Budget",
  "Timer",
  "Notes",
  "Tracker",
  "Planner",
  "Digest",
  "Export",
];
const ADJECTIVES = ["Smart", "Quick", "Team", "Daily", "Auto", "Simple", "Pro", "Cloud", "Bulk", "Live"];
const SENTENCES = [
  "Turns comments into tasks and keeps owners in the loop.",
  "Exports time entries to your payroll provider every Friday.",
  "Syncs due dates with Google Calendar and Outlook both ways.",
  "Posts a digest of overdue work to the team channel each morning.",
  "Builds burndown charts from sprint estimates without spreadsheets.",
  "Creates invoices from billable tasks with one click.",
  "Imports issues from GitLab and GitHub with labels and assignees.",
];

async function seed(): Promise<void> {
  await connect();
  const db = await getDb();
  const devs = await db
    .insert(developers)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        yaptureUserId: `bench-${i}`,
        name: `Bench Developer ${i}`,
        email: `bench-${i}@example.com`,
        companyName: `Bench Co ${i}`,
        status: "VERIFIED" as const,
        verifiedAt: new Date(),
      })),
    )
    .returning({ id: developers.id });
  const now = Date.now();
  for (let start = 0; start < APPS; start += 500) {
    const rows = Array.from({ length: Math.min(500, APPS - start) }, (_, offset) => {
      const i = start + offset;
      const reviewCount = random() < 0.2 ? 0 : Math.floor(random() * 60) + 1;
      return {
        developerId: pick(devs).id,
        slug: `bench-app-${i}`,
        name: `${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(NOUNS)} ${i}`,
        description: pick(SENTENCES),
        longDescription: Array.from({ length: 8 }, () => pick(SENTENCES)).join(" "),
        category: pick(APP_CATEGORIES),
        environment: pick(APP_ENVIRONMENTS),
        logoUrl: `https://cdn.example.com/bench/${i}/logo.png`,
        websiteUrl: `https://bench-${i}.example.com`,
        status: "APPROVED" as const,
        featured: random() < 0.05,
        installCount: Math.floor(random() ** 3 * 50_000),
        reviewCount,
        ratingSum: reviewCount === 0 ? 0 : Math.round(reviewCount * (1 + random() * 4)),
        publishedAt: new Date(now - Math.floor(random() * 365 * 86_400_000)),
      };
    });
    const inserted = await db.insert(apps).values(rows).returning({ id: apps.id });
    await db
      .insert(appScreenshots)
      .values(
        inserted.flatMap(({ id }) =>
          [0, 1, 2].map((position) => ({ appId: id, url: `https://cdn.example.com/${id}/${position}.png`, caption: null, position })),
        ),
      );
  }
  // The planner needs statistics, as autovacuum would have gathered on a live server.
  await db.execute(sql`analyze`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(name: string, handler: Handler, path: string): Promise<void> {
  const once = async () => {
    const response = await handler(new Request(`http://localhost:3000${path}`), { params: Promise.resolve({}) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
    return text;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  let total = "-";
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const text = await once();
    times.push(performance.now() - started);
    if (i === 0) total = String((JSON.parse(text) as { pagination?: { total: number } }).pagination?.total ?? "-");
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(2).padStart(8);
  console.log(`${name.padEnd(34)}${ms(percentile(times, 50))}${ms(percentile(times, 95))}${total.padStart(8)}   ${path}`);
}

const cpu = os.cpus()[0];
console.log(`date:    ${new Date().toISOString()}`);
console.log(
  `machine: ${cpu?.model ?? "unknown CPU"}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, node ${process.version}`,
);
console.log(`database: PGlite in memory, ${APPS} approved apps; ${RUNS} runs per scenario after ${WARMUP} warm-up runs`);

const seeding = performance.now();
await seed();
console.log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`);

console.log(`${"scenario".padEnd(34)}${"p50 ms".padStart(8)}${"p95 ms".padStart(8)}${"total".padStart(8)}   request`);
await measure("default list (popular)", list.GET, "/api/apps");
await measure("category filter", list.GET, "/api/apps?category=DEVELOPER_TOOLS");
await measure("search (relevance)", list.GET, "/api/apps?search=slack%20sync");
await measure("search, one prefix", list.GET, "/api/apps?search=calend");
await measure("page 50", list.GET, "/api/apps?page=50");
await measure("page 50, sort=name", list.GET, "/api/apps?page=50&sort=name");
await measure("rating sort", list.GET, "/api/apps?sort=rating");
await measure("featured list", featured.GET, "/api/apps/featured/list");
await measure("categories list", categories.GET, "/api/apps/categories/list");

await disconnect();
