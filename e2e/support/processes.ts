import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import { freshSecret } from "./production-env";

// Starting the server and the worker the ways a deployment does (`node --import tsx …`, `npm start`,
// `npm run worker`), and watching what is left of them after a signal.

export type Started = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
};

// The processes are gone by the time the test worker exits; their databases go with it.
const dataDirs = new Set<string>();
process.once("exit", () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A production environment for a process of its own: an embedded database in a fresh folder, port 0. */
export async function productionEnvironment(extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "marketplace-process-"));
  dataDirs.add(dataDir);
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: "0",
    HOST: "127.0.0.1",
    APP_URL: "http://localhost:3000",
    PGLITE_DATA_DIR: dataDir,
    NEXTAUTH_SECRET: freshSecret(),
    YAPTURE_ISSUER: "http://127.0.0.1:9",
    YAPTURE_CLIENT_ID: "marketplace-signals",
    YAPTURE_CLIENT_SECRET: freshSecret(),
    ADMIN_EMAILS: "ops@yapture.example",
    LOG_LEVEL: "info",
    // What production asks of a deliberate embedded database and log-only email (lib/core/env.ts).
    ALLOW_EMBEDDED_DATABASE: "true",
    EMAIL_DELIVERY: "log-only",
    ...extra,
  };
}

export function startProcess(command: string, args: string[], environment: NodeJS.ProcessEnv): Started {
  const child = spawn(command, args, { env: environment, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until `output` has a line matching `pattern`; its match. */
export async function waitForLine(started: Started, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const match = pattern.exec(started.output());
    if (match) return match;
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no line matching ${pattern} in:\n${started.output()}`);
}

/** The port a started server listens on, from its `listening on` line. */
export async function listeningPort(started: Started): Promise<number> {
  return Number((await waitForLine(started, /listening on http:\/\/127\.0\.0\.1:(\d+)/))[1]);
}

/** Every live descendant of `pid` (from /proc). */
export async function descendantsOf(pid: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (stat) parents.set(Number(entry), ppid);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether a TCP connection to the port is accepted. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
