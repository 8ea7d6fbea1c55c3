import { spawn } from "node:child_process";

/**
 * Runs an npm script as an operator would, with only the given variables (and PATH, HOME): its exit
 * code and output lines. Killed after 25 s, so a process that should have refused to start cannot hang a test.
 */
export function npmRun(script: string, variables: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const environment: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXT_TELEMETRY_DISABLED: "1",
    ...variables,
  };
  const child = spawn("npm", ["run", script, "--silent"], { env: environment as NodeJS.ProcessEnv });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, lines: output.split("\n").filter(Boolean) });
    });
  });
}
