// npm run standalone:check (CI, after npm run build): the deployable folder runs on its own. It
// copies .next/standalone to an empty temporary folder, makes a fresh database on the Postgres
// server, and there, with only variables that .env.example documents (and PATH), runs the migrate
// command, starts the web server and the worker as the container does (`node serve.mjs`,
// `node worker.mjs`), checks GET /api/ready = 200, GET /api/apps = 200 with JSON and no warning logged,
// sends SIGTERM and expects each to exit 0. Drops the database and the folder at the end.
//   --db-prefix NAME   the database's name prefix (CI passes one its cleanup trap drops)
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

import postgres from "postgres";

const { values: options } = parseArgs({ options: { "db-prefix": { type: "string", default: "standalone_check" } } });
const serverUrl = process.env.PG_SERVER_URL ?? "postgres://postgres@127.0.0.1:5432";
const database = `${options["db-prefix"]}_${Date.now()}_${process.pid}`;
const source = path.resolve(".next", "standalone");
const started = Date.now();

const step = (message: string) => console.log(`standalone-check (${((Date.now() - started) / 1000).toFixed(1)} s): ${message}`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The documented variables: names on `NAME=` lines of .env.example, commented out or not. */
async function documentedNames(): Promise<Set<string>> {
  const text = await readFile(".env.example", "utf8");
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!));
}

function run(folder: string, script: string, env: Record<string, string>, output: string[]): ChildProcess {
  // Started from elsewhere on purpose: the bundles must find their files on their own.
  const child = spawn(process.execPath, [path.join(folder, script)], { cwd: tmpdir(), env: env as NodeJS.ProcessEnv, stdio: "pipe" });
  const keep = (chunk: Buffer) => output.push(`[${script}] ${chunk.toString()}`);
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.stdin.end();
  return child;
}

function exitOf(child: ChildProcess, timeoutMs: number): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no exit within ${timeoutMs} ms`)), timeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? `signal ${signal}`);
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch((error: unknown) => String(error));
    if (typeof response !== "string" && response.status === 200) return response;
    last = typeof response === "string" ? response : `${response.status}`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not 200 within ${timeoutMs} ms (last: ${last})`);
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

await stat(path.join(source, "serve.mjs")).catch(() => {
  throw new Error(`${source}/serve.mjs is missing: run npm run build first`);
});

const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
const folder = await mkdtemp(path.join(tmpdir(), "marketplace-standalone-"));
const children: ChildProcess[] = [];
const output: string[] = [];
let failed = false;
try {
  await cp(source, folder, { recursive: true, verbatimSymlinks: true });
  step(`copied .next/standalone to ${folder}`);
  await admin.unsafe(`create database "${database}"`);

  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  // What an operator sets: .env.example's required lines, real secrets, log-only email.
  const settings: Record<string, string> = {
    NODE_ENV: "production",
    DATABASE_URL: `${serverUrl}/${database}`,
    APP_URL: appUrl,
    NEXTAUTH_URL: appUrl,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
    YAPTURE_ISSUER: "https://id.yapture.example",
    YAPTURE_CLIENT_ID: "marketplace",
    YAPTURE_CLIENT_SECRET: randomBytes(32).toString("base64"),
    ADMIN_EMAILS: "ops@yapture.example",
    EMAIL_DELIVERY: "log-only",
    EMAIL_FROM: "Yapture Marketplace <marketplace@yapture.example>",
    EMAIL_DISPATCHER: "off",
    MIGRATE_ON_START: "false",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
  };
  const documented = await documentedNames();
  const undocumented = Object.keys(settings).filter((name) => !documented.has(name));
  if (undocumented.length > 0) throw new Error(`not in .env.example: ${undocumented.join(", ")}`);
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", ...settings };

  const migrate = run(folder, "migrate.mjs", env, output);
  expectEqual(await exitOf(migrate, 60_000), 0, "node migrate.mjs exit code");
  step("node migrate.mjs applied the migrations");

  const server = run(folder, "serve.mjs", env, output);
  const worker = run(folder, "worker.mjs", env, output);
  children.push(server, worker);
  const ready = await waitForReady(`${appUrl}/api/ready`, server, 60_000);
  step(`GET /api/ready ${ready.status} ${await ready.text()}`);
  const apps = await fetch(`${appUrl}/api/apps`);
  expectEqual(apps.status, 200, "GET /api/apps status");
  expectEqual(apps.headers.get("content-type")?.startsWith("application/json"), true, "GET /api/apps is JSON");
  const body = (await apps.json()) as { data?: unknown };
  expectEqual(Array.isArray(body.data), true, "GET /api/apps has a data array");
  step("GET /api/apps 200 with JSON");
  // A file the folder lacks often shows only as a logged warning: rate-limiter-flexible without
  // drizzle-orm logs "store unreachable" and serves unlimited, still 200.
  const complaints = output
    .join("")
    .split("\n")
    .filter((line) => /"level":"(warn|error)"/.test(line));
  if (complaints.length > 0) throw new Error(`warnings or errors logged:\n${complaints.join("\n")}`);
  step("no warning or error logged");

  for (const [name, child] of [
    ["serve.mjs", server],
    ["worker.mjs", worker],
  ] as const) {
    expectEqual(child.exitCode, null, `${name} still running before SIGTERM`);
    child.kill("SIGTERM");
    expectEqual(await exitOf(child, 15_000), 0, `${name} exit code after SIGTERM`);
    step(`${name} exited 0 on SIGTERM`);
  }
} catch (error) {
  failed = true;
  console.error(`standalone-check failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`--- output of the processes ---\n${output.join("")}`);
} finally {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await admin.unsafe(`drop database if exists "${database}" with (force)`).catch(() => {});
  await admin.end({ timeout: 5 });
  await rm(folder, { recursive: true, force: true });
}
if (failed) process.exit(1);
step("passed");
