import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

// `npm start` refuses to run without the configuration production needs: one `error:` line per
// missing variable, before Next starts (so no build is needed to see it).

const REQUIRED = {
  APP_URL: "https://marketplace.yapture.example",
  DATABASE_URL: "postgres://marketplace@127.0.0.1:9/marketplace",
  EMAIL_DELIVERY: "log-only",
  YAPTURE_ISSUER: "https://id.yapture.example",
  YAPTURE_CLIENT_ID: "marketplace",
  YAPTURE_CLIENT_SECRET: randomBytes(32).toString("base64url"),
  ADMIN_EMAILS: "ops@yapture.example",
  NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
};

/** Runs `npm start` with only the given variables (and PATH, HOME); its exit code and output lines. */
function npmStart(variables: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const environment: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: "0",
    NEXT_TELEMETRY_DISABLED: "1",
    ...variables,
  };
  const child = spawn("npm", ["start", "--silent"], { env: environment as NodeJS.ProcessEnv });
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

const without = (...names: (keyof typeof REQUIRED)[]) =>
  Object.fromEntries(Object.entries(REQUIRED).filter(([name]) => !names.includes(name as keyof typeof REQUIRED)));

describe("npm start", () => {
  it("exits 1 with one line naming each missing variable, and nothing else", async () => {
    const { code, lines } = await npmStart({ NODE_ENV: "production", ...without("YAPTURE_CLIENT_SECRET", "NEXTAUTH_SECRET") });
    expect(code).toBe(1);
    expect(lines).toEqual([
      "error: YAPTURE_CLIENT_SECRET is not set: the marketplace's OAuth client secret at Yapture. The server refuses to start without it.",
      "error: NEXTAUTH_SECRET is not set: the secret that signs portal sessions (at least 32 bytes). The server refuses to start without it.",
    ]);
  });

  it("is a production server without NODE_ENV too, and warns when private image fetching is on", async () => {
    const { code, lines } = await npmStart({ ...without("ADMIN_EMAILS"), ASSET_FETCH_ALLOW_PRIVATE: "true" });
    expect(code).toBe(1);
    expect(lines).toEqual([
      "warning: ASSET_FETCH_ALLOW_PRIVATE is on: the image check may fetch http:// and private addresses. Never in a real deployment.",
      "error: ADMIN_EMAILS is not set: the comma-separated emails of the administrators. The server refuses to start without it.",
    ]);
  });
});
