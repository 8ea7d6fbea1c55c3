// `npm run lighthouse`: Lighthouse (mobile preset: a mid-range phone, 4× slower CPU, slow 4G) on the
// public pages of the production build (`npm run build` first) with the demo data, and the figures
// a person on a phone feels: each category's score, LCP, TBT, CLS, bytes, and the JavaScript the page
// loads (gzip, as sent). Lighthouse 12.2.3 is the last release that runs on Node 20; Chromium is
// Debian's. Usage: npm run lighthouse [-- --runs 3]   (the median run per page is printed)
import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs, promisify } from "node:util";

import { startBenchServer } from "./bench/server";

const run = promisify(execFile);
// Run as a CLI by path (knip.json lists it under ignoreDependencies: knip cannot see this use).
const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");
const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    port: { type: "string", default: "3500" },
    "idp-port": { type: "string", default: "4500" },
    chrome: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    // Keeps each run's full report (JSON, for Lighthouse's viewer) in this folder.
    save: { type: "string" },
  },
});

type Report = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
};

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalKiB: number;
  scriptKiB: number;
  imageKiB: number;
  /** The accessibility audits that failed, by id (what to fix when the score is below 100). */
  failing: string[];
};

const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";

let saved = 0;

async function audit(url: string): Promise<Figures> {
  const { stdout } = await run(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      `--chrome-path=${args.chrome}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  if (args.save) {
    await mkdir(args.save, { recursive: true });
    await writeFile(path.join(args.save, `${++saved}-${new URL(url).pathname.replace(/\W+/g, "_")}.json`), stdout);
  }
  const report = JSON.parse(stdout) as Report;
  const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const value = (name: string) => report.audits[name]?.numericValue ?? NaN;
  const resources = report.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type: string) => resources.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(value("largest-contentful-paint")),
    tbtMs: Math.round(value("total-blocking-time")),
    cls: Number(value("cumulative-layout-shift").toFixed(3)),
    totalKiB: Math.round(bytes("total") / 1024),
    scriptKiB: Math.round(bytes("script") / 1024),
    imageKiB: Math.round(bytes("image") / 1024),
    failing: (report.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const dataDir = ".data/lighthouse";
await rm(dataDir, { recursive: true, force: true });
const server = await startBenchServer({
  port: Number(args.port),
  idpPort: Number(args["idp-port"]),
  database: { PGLITE_DATA_DIR: dataDir, ALLOW_EMBEDDED_DATABASE: "true" },
  seedOnEmpty: true,
});
try {
  // The most installed demo app: the richest page (banner, screenshots, reviews).
  const { data } = (await (await fetch(`${server.url}/api/apps?sort=popular&limit=1`)).json()) as { data: { slug: string }[] };
  // The server hosts the demo images just after it starts: measure the pages as they then are.
  for (let waited = 0; waited < 120; waited++) {
    const app = (await (await fetch(`${server.url}/api/apps/${data[0]!.slug}`)).json()) as { logoUrl: string };
    if (app.logoUrl.includes("/assets/")) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const pages = ["/", "/apps", `/apps/${data[0]!.slug}`, "/signin?callbackUrl=%2Fdeveloper"];
  console.log(`lighthouse 12.2.3, mobile preset, ${args.runs} run(s) per page, median by performance score`);
  console.log("page".padEnd(34), "perf  a11y  best  seo   LCP ms  TBT ms  CLS    total KiB  JS KiB  img KiB");
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < Number(args.runs); i++) runs.push(await audit(`${server.url}${page}`));
    const f = median(runs);
    console.log(
      page.slice(0, 34).padEnd(34),
      [f.performance, f.accessibility, f.bestPractices, f.seo].map((n) => String(n).padEnd(5)).join(" "),
      String(f.lcpMs).padStart(6),
      String(f.tbtMs).padStart(7),
      String(f.cls).padStart(6),
      String(f.totalKiB).padStart(10),
      String(f.scriptKiB).padStart(7),
      String(f.imageKiB).padStart(8),
      f.failing.length > 0 ? ` failing: ${f.failing.join(", ")}` : "",
    );
  }
} finally {
  await server.stop();
}
