// npm run bench:images — hostile listing images against the production build (issue 42).
//
// Creates a fresh database on the Postgres server, writes two verified developers straight into it
// (an attacker and another developer) with a draft listing each that names images on a local image
// server, and a hosted 5 MiB original; starts the production build (`npm run build` first) as
// `npm start` runs it, with the bundled identity provider; then measures, through HTTP, what each
// costs the server: its own process and the processes it starts (image decoders), CPU time (the
// children's included, killed ones too) and peak RSS:
//
//   normal             the other developer's previews of a 1920×1080 JPEG and a 1280×720 PNG, alone
//   6,000 scans        one preview of a 40-megapixel progressive JPEG of 6,000 scans (0.6 MB)
//   16-bit interlaced  one preview of a 6324×6324 16-bit RGBA interlaced PNG (0.3 MB, 320 MB decoded)
//   heavy but valid    one preview of a 40-megapixel 8-bit RGBA interlaced PNG (160 MB decoded)
//   under attack       the attacker previews those three in --attackers loops at once for --seconds,
//                      while the other developer previews normal images one after another
//   5 MiB original     GET /assets/<hash>.png: CPU per GET and how many public reads it counts as
//
// Every request has --timeout seconds. The database is dropped at the end. The server listens on
// --port (3752), its identity provider on --idp-port (4752); the image server takes a free port.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import sharp from "sharp";

import { appScreenshots, apps, developers, hostedAssetFiles, hostedAssets } from "../db/schema";
import { blackPng, manyScanJpeg } from "../test/support/hostile-images";

import { cpuMilliseconds, startBenchServer, type BenchServer } from "./bench/server";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "3752" },
    "idp-port": { type: "string", default: "4752" },
    server: { type: "string", default: process.env.PG_SERVER_URL ?? "postgres://postgres@127.0.0.1:5432" },
    seconds: { type: "string", default: "20" },
    attackers: { type: "string", default: "4" },
    timeout: { type: "string", default: "120" },
    markdown: { type: "boolean", default: false },
  },
});
if (!existsSync(".next/BUILD_ID")) throw new Error("no production build: run `npm run build` first");

const MiB = 1024 * 1024;
const databaseName = `mkp_bench_images_${Date.now()}`;
const serverUrl = args.server.replace(/\/$/, "");
const databaseUrl = `${serverUrl}/${databaseName}`;

// --- the images -------------------------------------------------------------------------------------

type Served = { bytes: Buffer; contentType: string };

async function makeImages(): Promise<Record<string, Served>> {
  const photo = await sharp({
    create: { width: 1920, height: 1080, channels: 3, background: "black", noise: { type: "gaussian", mean: 120, sigma: 24 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const demo = path.join("public", "demo", (await readdir(path.join("public", "demo")))[0]!, "screenshot-1.png");
  const screenshot = await sharp(await readFile(demo))
    .resize(1280, 720)
    .png()
    .toBuffer();
  return {
    "normal.jpg": { bytes: photo, contentType: "image/jpeg" },
    "normal.png": { bytes: screenshot, contentType: "image/png" },
    "scans-6000.jpg": { bytes: await manyScanJpeg({ width: 6324, height: 6324, scans: 6000 }), contentType: "image/jpeg" },
    "png16-interlaced.png": {
      bytes: blackPng({ width: 6324, height: 6324, bits: 16, colour: "rgba", interlaced: true }),
      contentType: "image/png",
    },
    "heavy-valid.png": {
      bytes: blackPng({ width: 6324, height: 6324, bits: 8, colour: "rgba", interlaced: true }),
      contentType: "image/png",
    },
  };
}

async function startImageServer(files: Record<string, Served>): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = files[(req.url ?? "/").slice(1)];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": file.contentType, "content-length": file.bytes.length });
    res.end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// --- the database -------------------------------------------------------------------------------------

type Seeded = {
  attacker: { sub: string; email: string; appId: string };
  other: { sub: string; email: string; appId: string };
  hash: string;
};

async function seed(origin: string): Promise<Seeded> {
  const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${databaseName}"`);
  await admin.end();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle({ client: sql });
    await migrate(db, { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
    const person = async (who: string, screenshotFiles: string[]) => {
      const sub = `bench-${who}-${Date.now()}`;
      const email = `${sub}@bench.example`;
      const [developer] = await db
        .insert(developers)
        .values({ yaptureUserId: sub, name: `Bench ${who}`, email, status: "VERIFIED", verifiedAt: new Date() })
        .returning();
      const [app] = await db
        .insert(apps)
        .values({
          developerId: developer!.id,
          slug: `bench-${who}-${Date.now()}`,
          name: `Bench ${who}`,
          description: "A listing of the image benchmark.",
          category: "PRODUCTIVITY",
          environment: "production",
          logoUrl: `${origin}/logo.png`,
          bannerUrl: `${origin}/banner.png`,
          websiteUrl: "https://bench.example",
          status: "DRAFT",
        })
        .returning();
      await db
        .insert(appScreenshots)
        .values(screenshotFiles.map((file, position) => ({ appId: app!.id, url: `${origin}/${file}`, caption: file, position })));
      return { sub, email, appId: app!.id };
    };
    const attacker = await person("attacker", ["scans-6000.jpg", "png16-interlaced.png", "heavy-valid.png"]);
    const other = await person("other", ["normal.jpg", "normal.png"]);
    // A stored original of 5 MiB (what a visitor's GET reads from the database) and its variant.
    const hash = "5".repeat(64);
    await db.insert(hostedAssets).values({ hash, format: "png", width: 1280, height: 720 });
    await db.insert(hostedAssetFiles).values([
      { hash, variant: "original", contentType: "image/png", width: 1280, height: 720, bytes: Buffer.alloc(5 * MiB, 7) },
      { hash, variant: "w640", contentType: "image/webp", width: 640, height: 360, bytes: Buffer.alloc(20_000, 7) },
    ]);
    return { attacker, other, hash };
  } finally {
    await sql.end();
  }
}

async function dropDatabase(): Promise<void> {
  const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
}

// --- the server and its children ------------------------------------------------------------------

/** The ids of `pid`'s live descendants. */
async function descendants(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const ppid = Number(stat.replace(/^.*\) /s, "").split(" ")[1]);
    if (ppid) parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0;) {
    const children = parents.get(queue.shift()!) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/** CPU ms of the reaped children of `pid` (cutime + cstime): decoders that exited or were killed. */
async function reapedChildrenCpu(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).replace(/^.*\) /s, "").split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

async function statusKb(pid: number, field: "VmRSS" | "VmHWM"): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
}

type Usage = { serverCpu: number; childCpu: number };

async function usage(server: BenchServer): Promise<Usage> {
  const children = await descendants(server.pid);
  const live = await Promise.all(children.map((pid) => cpuMilliseconds(pid)));
  return {
    serverCpu: await cpuMilliseconds(server.pid),
    childCpu: (await reapedChildrenCpu(server.pid)) + live.reduce((a, b) => a + b, 0),
  };
}

/** Samples the server's RSS and its children's (their own peaks, VmHWM) every 50 ms until stopped. */
function memoryWatch(server: BenchServer) {
  let serverPeak = 0;
  let childrenPeak = 0;
  let stopped = false;
  const childPeaks = new Map<number, number>();
  const done = (async () => {
    while (!stopped) {
      serverPeak = Math.max(serverPeak, await statusKb(server.pid, "VmRSS"));
      const children = await descendants(server.pid);
      let sum = 0;
      for (const pid of children) {
        const peak = Math.max(childPeaks.get(pid) ?? 0, await statusKb(pid, "VmHWM"));
        childPeaks.set(pid, peak);
        sum += await statusKb(pid, "VmRSS");
      }
      childrenPeak = Math.max(childrenPeak, sum);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    stopped = true;
    await done;
    return {
      serverPeakMb: serverPeak / 1024,
      childrenPeakMb: childrenPeak / 1024,
      childPeakMb: Math.max(0, ...childPeaks.values()) / 1024,
    };
  };
}

// --- requests -------------------------------------------------------------------------------------------

type Answer = { status: number; code?: string; detail?: string; ms: number; headers: Headers };

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(Number(args.timeout) * 1000) });
    const body = Buffer.from(await response.arrayBuffer());
    const problem = response.headers.get("content-type")?.includes("json") ? (JSON.parse(body.toString()) as Record<string, unknown>) : {};
    const detail = (problem.errors as { message: string }[] | undefined)?.[0]?.message ?? (problem.detail as string | undefined);
    return {
      status: response.status,
      code: problem.code as string | undefined,
      detail,
      ms: performance.now() - started,
      headers: response.headers,
    };
  } catch (error) {
    return { status: 0, code: (error as Error).name, ms: performance.now() - started, headers: new Headers() };
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "—");
const outcome = (answer: Answer) => `${answer.status}${answer.code ? ` ${answer.code}` : ""}`;

async function main(): Promise<void> {
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
  const files = await makeImages();
  for (const [name, file] of Object.entries(files)) console.log(`image:    ${name} ${(file.bytes.length / 1024).toFixed(0)} KiB`);
  const images = await startImageServer(files);
  const seeded = await seed(images.origin);
  const server = await startBenchServer({
    port: Number(args.port),
    idpPort: Number(args["idp-port"]),
    database: { DATABASE_URL: databaseUrl },
    env: {
      ASSET_FETCH_ALLOW_PRIVATE: "true",
      // Limits on, far above what the run sends: the public read's header shows what a GET counts as.
      RATE_LIMITS: "on",
      RATE_LIMIT_PUBLIC_READ: "1000000/1m",
      RATE_LIMIT_IMAGE_PREVIEW: "1000000/10m",
      RATE_LIMIT_DEVELOPER_API: "1000000/1m",
    },
  });
  const rows: string[][] = [];
  const report = (name: string, cells: Record<string, string>) => {
    rows.push([
      name,
      cells.answer ?? "",
      cells.latency ?? "",
      cells.serverCpu ?? "",
      cells.childCpu ?? "",
      cells.serverRss ?? "",
      cells.childRss ?? "",
    ]);
    console.log(`  ${name}: ${Object.values(cells).join(" | ")}`);
  };
  try {
    const idp = `http://localhost:${args["idp-port"]}`;
    const token = async (who: { sub: string; email: string }) => {
      const response = await fetch(`${idp}/dev/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sub: who.sub, email: who.email, name: who.sub }),
      });
      const { access_token } = (await response.json()) as { access_token: string };
      return { authorization: `Bearer ${access_token}` };
    };
    const attacker = { ...seeded.attacker, headers: await token(seeded.attacker) };
    const other = { ...seeded.other, headers: await token(seeded.other) };
    const preview = (who: typeof attacker, file: string) =>
      get(`${server.url}/assets/preview/${who.appId}?url=${encodeURIComponent(`${images.origin}/${file}`)}`, who.headers);

    // Every route compiled, the decoders started, before anything counts.
    for (const file of ["normal.jpg", "normal.png"]) console.log(`warm-up:  ${file} ${outcome(await preview(other, file))}`);
    const rssAtRest = (await statusKb(server.pid, "VmRSS")) / 1024;
    console.log(`rss:      ${rssAtRest.toFixed(0)} MB at rest after the warm-up`);

    /** Runs `work` and reports its answers; CPU is per request of `work`'s answers plus `others` sent meanwhile. */
    const measure = async (name: string, work: () => Promise<Answer[]>, others: () => number = () => 0) => {
      const watch = memoryWatch(server);
      const before = await usage(server);
      const answers = await work();
      const after = await usage(server);
      const memory = await watch();
      const requests = answers.length + others();
      const outcomes = [...new Set(answers.map(outcome))].join(", ");
      const times = answers.map((answer) => answer.ms);
      report(name, {
        answer: `${outcomes}${answers[0]?.detail && answers.length === 1 ? ` (${answers[0].detail})` : ""}`,
        latency:
          answers.length === 1
            ? `${ms(times[0]!)}`
            : `p50 ${ms(quantile(times, 0.5))}, p90 ${ms(quantile(times, 0.9))}, max ${ms(Math.max(...times))} (${times.length})`,
        serverCpu: ms((after.serverCpu - before.serverCpu) / requests),
        childCpu: ms((after.childCpu - before.childCpu) / requests),
        serverRss: `${memory.serverPeakMb.toFixed(0)}`,
        childRss: `${memory.childrenPeakMb.toFixed(0)} (${memory.childPeakMb.toFixed(0)})`,
      });
      return answers;
    };
    const sequence = async (count: number, make: (index: number) => Promise<Answer>) => {
      const answers: Answer[] = [];
      for (let i = 0; i < count; i++) answers.push(await make(i));
      return answers;
    };

    await measure("normal previews, alone (20)", () => sequence(20, (i) => preview(other, i % 2 ? "normal.png" : "normal.jpg")));
    await measure("6,000-scan progressive JPEG, 40 MP", async () => [await preview(attacker, "scans-6000.jpg")]);
    await measure("16-bit interlaced PNG, 40 MP", async () => [await preview(attacker, "png16-interlaced.png")]);
    await measure("8-bit interlaced PNG, 40 MP (valid)", async () => [await preview(attacker, "heavy-valid.png")]);

    // Under attack: the attacker's loops keep hostile previews in flight; the other developer's
    // previews, one after another, are what is measured.
    const seconds = Number(args.seconds);
    const attackAnswers: Answer[] = [];
    await measure(
      `normal previews under attack (${args.attackers} loops, ${seconds} s; CPU per request of both)`,
      async () => {
        const until = Date.now() + seconds * 1000;
        const hostile = ["scans-6000.jpg", "png16-interlaced.png", "heavy-valid.png"];
        const loops = Array.from({ length: Number(args.attackers) }, async (_, loop) => {
          for (let i = loop; Date.now() < until; i++) attackAnswers.push(await preview(attacker, hostile[i % hostile.length]!));
        });
        const answers: Answer[] = [];
        // The attack first takes what it can.
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (let i = 0; Date.now() < until; i++) answers.push(await preview(other, i % 2 ? "normal.png" : "normal.jpg"));
        await Promise.all(loops);
        return answers;
      },
      () => attackAnswers.length,
    );
    const attackOutcomes = new Map<string, number>();
    for (const answer of attackAnswers) attackOutcomes.set(outcome(answer), (attackOutcomes.get(outcome(answer)) ?? 0) + 1);
    console.log(`  the attacker's answers: ${[...attackOutcomes].map(([key, count]) => `${count} × ${key}`).join(", ")}`);
    console.log(
      `  the attacker's latency: p50 ${ms(
        quantile(
          attackAnswers.map((answer) => answer.ms),
          0.5,
        ),
      )}, max ${ms(Math.max(...attackAnswers.map((answer) => answer.ms)))} ms`,
    );

    const original = `${server.url}/assets/${seeded.hash}.png`;
    const remaining = (answer: Answer) => Number(/r=(\d+)/.exec(answer.headers.get("ratelimit") ?? "")?.[1]);
    const originals = await measure("GET a 5 MiB original (20)", () => sequence(20, () => get(original)));
    const variants = await measure("GET a 20 KB variant (20)", () =>
      sequence(20, () => get(`${server.url}/assets/${seeded.hash}-w640.webp`)),
    );
    const counted = (answers: Answer[]) => (remaining(answers[0]!) - remaining(answers.at(-1)!)) / (answers.length - 1);
    console.log(`  public reads counted per GET: original ${counted(originals)}, variant ${counted(variants)}`);
    console.log(`rss:      ${((await statusKb(server.pid, "VmRSS")) / 1024).toFixed(0)} MB after the run`);
  } finally {
    await server.stop();
    await images.close();
    await dropDatabase();
  }
  const header = [
    "scenario",
    "answer",
    "latency ms",
    "server CPU ms/req",
    "child processes' CPU ms/req",
    "server peak RSS MB",
    "child processes' peak RSS MB (sum, largest)",
  ];
  if (args.markdown) {
    console.log(`\n| ${header.join(" | ")} |\n| --- | --- | --: | --: | --: | --: | --: |`);
    for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  } else {
    console.log(`\n${header.join(" | ")}`);
    for (const row of rows) console.log(row.join(" | "));
  }
}

await main();
