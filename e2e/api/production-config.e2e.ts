import { spawn } from "node:child_process";

import { expect, test } from "@playwright/test";

// `npm start` of the build refuses to run without the configuration production needs, naming it.
test("a production start without YAPTURE_CLIENT_SECRET and NEXTAUTH_SECRET exits 1, one line per variable", async () => {
  test.setTimeout(60_000);
  const environment: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    APP_URL: "https://marketplace.yapture.example",
    DATABASE_URL: "postgres://marketplace@127.0.0.1:9/marketplace",
    EMAIL_DELIVERY: "log-only",
    YAPTURE_ISSUER: "https://id.yapture.example",
    YAPTURE_CLIENT_ID: "marketplace",
    ADMIN_EMAILS: "ops@yapture.example",
    ASSET_FETCH_ALLOW_PRIVATE: "true",
  };
  const child = spawn("npx", ["next", "start", "-p", String(Number(process.env.E2E_PORT ?? 3200) + 90)], { env: environment });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("exit", (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  expect(code).toBe(1);
  const errors = output.split("\n").filter((line) => line.startsWith("error: "));
  expect(errors).toEqual([
    "error: YAPTURE_CLIENT_SECRET is not set: the marketplace's OAuth client secret at Yapture. The server refuses to start without it.",
    "error: NEXTAUTH_SECRET is not set: the secret that signs portal sessions (at least 32 bytes). The server refuses to start without it.",
  ]);
  expect(output).toContain("warning: ASSET_FETCH_ALLOW_PRIVATE is on");
});
