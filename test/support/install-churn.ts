import { spawn } from "node:child_process";
import path from "node:path";

// Another server instance for the tests: a process of its own, with its own connections to the
// test's database, that installs an app into workspaces and removes it from others, all at once,
// through the same service functions as the routes (test/support/install-churn-worker.ts).

export type Churn = { slug: string; install: string[]; remove: string[] };

export function runInstallChurn(churn: Churn): Promise<void> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "install-churn-worker.ts"), JSON.stringify(churn)],
    {
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`install churn exited ${code}: ${output.slice(-2000)}`));
    });
  });
}
