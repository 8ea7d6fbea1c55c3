// npm run bench:hostile-search — one client's costly searches against everyone else's reads
// (issue 42: unique searches of one-letter words from one address filled the pool, opened the
// breaker, and a bystander's list read went from 26 ms to 647 ms median, with 503s).
//
// Creates a fresh database on the Postgres server, migrates it and seeds --apps approved apps with
// the catalogue of `npm run bench` (scripts/bench/seed.ts), then calls GET /api/apps's route handler
// in this process, as the production server would (the same pool of ten connections, breaker,
// rate limiter in Postgres with RATE_LIMITS=on and its default quotas, search line and budgets;
// not Next's HTTP layer, so no `npm run build` is needed). A bystander reads list pages from its
// own address, one every 120 ms (within its public read quota), for --seconds alone, then for
// --seconds while an attacker sends unique worst-case searches as fast as the answers come, on
// --attackers concurrent loops: from one address, then from sixteen. It prints the bystander's p50
// and p99 against its unloaded p50 (goal: at most 2×) and its 503s (goal: none), and what the
// attacker got. The database is dropped at the end. Exits 1 when a goal is missed.
//
//   npm run bench:hostile-search -- --apps 100000 --seconds 20
//   --keep              keep the seeded database (its name is printed)
//   --database <name>   run against a database kept by an earlier run, without seeding
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
    seconds: { type: "string", default: "20" },
    attackers: { type: "string", default: "8" },
    server: { type: "string", default: process.env.PG_SERVER_URL ?? "postgres://postgres@127.0.0.1:5432" },
    "db-prefix": { type: "string", default: "mkp_bench_hostile" },
    // A database seeded by an earlier run with --keep: used as it is, and kept.
    database: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});

const appCount = Number(args.apps);
const seconds = Number(args.seconds);
const attackers = Number(args.attackers);
const BYSTANDER = "203.0.113.10";
const ATTACKER = "198.51.100.66";
const BYSTANDER_EVERY_MS = 120;
const ROUND_TRIP_MS = 1;

const databaseName = args.database ?? `${args["db-prefix"]}_${Date.now()}`;
const keep = args.keep || args.database !== undefined;
const serverUrl = args.server.replace(/\/$/, "");
const databaseUrl = `${serverUrl}/${databaseName}`;
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });

async function prepareDatabase(): Promise<void> {
  if (args.database !== undefined) return;
  await admin.unsafe(`create database "${databaseName}"`);
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle({ client: sql }), { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
    const started = performance.now();
    await seedCatalogue(sql, appCount);
    console.log(`seeded ${appCount} apps in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await sql.end();
  }
}

type Answer = { status: number; ms: number };
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function ask(handler: Handler, query: string, client: string): Promise<Answer> {
  const started = performance.now();
  const request = new Request(`http://localhost:3000/api/apps?${query}`, { headers: { "x-marketplace-client-address": client } });
  const response = await handler(request, { params: Promise.resolve({}) });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const PREFIXES = ["con", "pro", "sta", "tra", "man", "int", "com", "syn", "rep", "dat", "pla", "tas"];
const SEPARATORS = [" ", ",", ";", " - ", ". ", "|"];
/** A word of letters that spells `n`, so each search is new to every cache. */
const spelled = (n: number) => [...String(n)].map((digit) => LETTERS[Number(digit) + 10]).join("");

/** The i-th worst case, each unique: the issue's sixteen one-letter words, eight broad prefixes, one 100-letter word. */
function worstCase(i: number): string {
  const separator = SEPARATORS[i % SEPARATORS.length]!;
  switch (i % 3) {
    case 0:
      return [...Array.from({ length: 16 }, (_, at) => LETTERS[(i + at * 7) % 26]!), spelled(i)].join(separator);
    case 1:
      return [...Array.from({ length: 8 }, (_, at) => PREFIXES[(i + at) % PREFIXES.length]!), spelled(i)].join(separator);
    default:
      return `${spelled(i)}${Array.from({ length: 100 }, (_, at) => LETTERS[(i * 7 + at * at) % 26]).join("")}`.slice(0, 100);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const countBy = (answers: Answer[]) =>
  Object.entries(answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${status}×${count}`)
    .join(", ");

/** List reads from the bystander's address, one every BYSTANDER_EVERY_MS, for `seconds`. */
async function bystander(handler: Handler): Promise<Answer[]> {
  const answers: Answer[] = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const next = performance.now() + BYSTANDER_EVERY_MS;
    answers.push(await ask(handler, `limit=20&page=${(i % 50) + 1}`, BYSTANDER));
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  return answers;
}

let searchesSent = 0;

/** `attackers` loops of unique worst-case searches until `stop`, from `clients` addresses in turn. */
async function attack(handler: Handler, clients: string[], stop: { done: boolean }): Promise<Answer[]> {
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: attackers }, async () => {
      while (!stop.done) {
        const i = searchesSent++;
        answers.push(await ask(handler, `search=${encodeURIComponent(worstCase(i))}`, clients[i % clients.length]!));
        // A client's next request comes no sooner than a round trip over loopback HTTP: in this
        // process, a refusal answered in microseconds would otherwise starve the event loop.
        await new Promise((resolve) => setTimeout(resolve, ROUND_TRIP_MS));
      }
    }),
  );
  return answers;
}

type Phase = { label: string; p50: number; p99: number; ratio: number; bystander503: number; bystanderStatuses: string; attacker: string };

async function main(): Promise<void> {
  await prepareDatabase();
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    MIGRATE_ON_START: "false",
    SEED_ON_EMPTY: "false",
    RATE_LIMITS: "on",
    LOG_LEVEL: "error",
    EMAIL_DISPATCHER: "off",
  });
  const { GET } = (await import("@/app/api/apps/route")) as unknown as { GET: Handler };
  const { disconnect } = await import("@/db/client");
  try {
    // Warm the pool, the statements and the caches of list pages.
    for (let i = 0; i < 50; i++) await ask(GET, `limit=20&page=${(i % 50) + 1}`, "203.0.113.99");

    // What each kind of worst case costs alone, from an address of its own (and a budget to spare).
    const costs = [0, 1, 2].map(() => [] as number[]);
    for (let i = 0; i < 12; i++)
      costs[i % 3]!.push((await ask(GET, `search=${encodeURIComponent(worstCase(3_000_000 + i))}`, `192.0.2.${i}`)).ms);

    const alone = await bystander(GET);
    const unloaded = percentile(
      alone.map((answer) => answer.ms),
      50,
    );
    const phases: Phase[] = [];
    for (const [label, clients] of [
      ["one attacking address", [ATTACKER]],
      ["sixteen attacking addresses", Array.from({ length: 16 }, (_, n) => `198.51.100.${100 + n}`)],
    ] as const) {
      const stop = { done: false };
      const attacking = attack(GET, [...clients], stop);
      const loaded = await bystander(GET);
      stop.done = true;
      const attacked = await attacking;
      const times = loaded.map((answer) => answer.ms);
      phases.push({
        label,
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        ratio: percentile(times, 50) / unloaded,
        bystander503: loaded.filter((answer) => answer.status === 503).length,
        bystanderStatuses: countBy(loaded),
        attacker: `${attacked.length} searches (${(attacked.length / seconds).toFixed(0)}/s): ${countBy(attacked)}, p50 ${percentile(
          attacked.map((answer) => answer.ms),
          50,
        ).toFixed(1)} ms`,
      });
      // Let the attack's minute-long quotas and remembered pages not carry into the next phase's numbers.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }

    console.log(
      `\n${appCount} apps, ${seconds} s per phase, ${attackers} attacking loops; ${os.cpus().length} cores, ${os.cpus()[0]?.model}`,
    );
    const kinds = ["16 one-letter words", "8 three-letter prefixes", "a 100-letter word"];
    console.log(
      `one worst-case search alone (p50 of 4): ${kinds.map((kind, k) => `${kind} ${percentile(costs[k]!, 50).toFixed(1)} ms`).join(", ")}`,
    );
    console.log(
      `bystander alone: p50 ${unloaded.toFixed(1)} ms, p99 ${percentile(
        alone.map((answer) => answer.ms),
        99,
      ).toFixed(1)} ms (${countBy(alone)})`,
    );
    for (const phase of phases) {
      console.log(`\nunder ${phase.label}:`);
      console.log(
        `  bystander p50 ${phase.p50.toFixed(1)} ms (${phase.ratio.toFixed(2)}× unloaded; goal ≤ 2×), p99 ${phase.p99.toFixed(1)} ms`,
      );
      console.log(`  bystander answers: ${phase.bystanderStatuses}; 503s: ${phase.bystander503} (goal 0)`);
      console.log(`  attacker: ${phase.attacker}`);
    }
    const missed = phases.filter((phase) => phase.ratio > 2 || phase.bystander503 > 0);
    if (missed.length > 0) {
      console.log(`\ngoal missed under: ${missed.map((phase) => phase.label).join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await disconnect();
    if (keep) console.log(`kept database ${databaseName}`);
    else await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
  }
}

await main();
