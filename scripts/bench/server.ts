import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";

import { E2E_ADMIN_EMAIL, freshSecret } from "../../e2e/support/production-env";
import { startIdentityProvider } from "../idp/server";

// The production build as `npm start` runs it (the same node arguments, NODE_ENV=production), in one
// node process whose memory can be read, with the bundled identity provider beside it. Settings
// are those of the e2e server (scripts/e2e-server.ts), with rate limits off: the load comes from
// one address.

export type BenchServer = {
  url: string;
  pid: number;
  /** From starting the process to its first 200 from /api/ready. */
  readySeconds: number;
  rssBytes(): Promise<number>;
  stop(): Promise<void>;
};

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in milliseconds; 0 once it is gone. */
export async function cpuMilliseconds(pid: number): Promise<number> {
  try {
    // Fields after the command name (which may hold spaces): state is the 3rd, utime the 14th, stime the 15th.
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).replace(/^.*\) /s, "").split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

type Options = {
  port: number;
  idpPort: number;
  /** `{ DATABASE_URL }`, or the embedded database's `{ PGLITE_DATA_DIR, ALLOW_EMBEDDED_DATABASE }`. */
  database: Record<string, string>;
  /** Load the demo data into an empty database on start (the Lighthouse audit's pages show it). */
  seedOnEmpty?: boolean;
  profileDir?: string;
  /** Further variables, over the defaults below (scripts/bench-images.ts turns rate limits on). */
  env?: Record<string, string>;
};

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become ready within 60 s");
}

/**
 * The node arguments of `npm start` ("exec node <arguments>": `exec` so that the shell npm runs
 * hands signals to node), so the benchmark runs exactly what production runs.
 */
async function startCommandArguments(): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile("package.json", "utf8")) as { scripts: Record<string, string> };
  const [command, ...rest] = scripts.start!.replace(/^exec\s+/, "").split(/\s+/);
  if (command !== "node") throw new Error(`npm start must run node directly to be measured, not ${command}`);
  return rest;
}

export async function startBenchServer({
  port,
  idpPort,
  database,
  seedOnEmpty = false,
  profileDir,
  env = {},
}: Options): Promise<BenchServer> {
  const url = `http://127.0.0.1:${port}`;
  const clientId = "marketplace-bench";
  const clientSecret = freshSecret();
  const idp = await startIdentityProvider({
    port: idpPort,
    clients: [{ clientId, clientSecret, redirectUris: [`${url}/api/auth/callback/yapture`] }],
  });
  const profiling = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const started = performance.now();
  // The heap cap README recommends (NODE_OPTIONS there), so measurements stay comparable.
  const child = spawn(process.execPath, ["--max-old-space-size=256", ...profiling, ...(await startCommandArguments())], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      ...database,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: url,
      NEXTAUTH_URL: url,
      NEXTAUTH_SECRET: freshSecret(),
      SEED_ON_EMPTY: String(seedOnEmpty),
      NEXT_TELEMETRY_DISABLED: "1",
      YAPTURE_ISSUER: idp.issuer,
      YAPTURE_CLIENT_ID: clientId,
      YAPTURE_CLIENT_SECRET: clientSecret,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      EMAIL_DELIVERY: "log-only",
      RATE_LIMITS: "off",
      // The scenarios that stand for many visitors name them in X-Forwarded-For (scenarios.ts).
      TRUST_PROXY: "127.0.0.1",
      LOG_LEVEL: "warn",
      // One line per request would fill the terminal the report is printed to, and the figures in
      // docs/benchmarks.md were measured without it.
      ACCESS_LOG: "false",
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    await idp.close();
  };
  try {
    await waitUntilUp(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    pid: child.pid!,
    readySeconds: (performance.now() - started) / 1000,
    rssBytes: async () => {
      const status = await readFile(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    stop,
  };
}
