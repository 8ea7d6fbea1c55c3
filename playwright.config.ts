import { defineConfig } from "@playwright/test";

// Black-box suites against the built app (`npm run build` first). The web server uses the
// database in E2E_DATABASE_URL when set (CI: the real Postgres server), else a fresh PGlite folder.
const port = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://localhost:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.e2e.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: { baseURL, trace: "retain-on-failure" },
  // Fails the run if the server's log shows an email address, a key, a session or a secret.
  globalTeardown: "./e2e/global-teardown.ts",
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    url: `${baseURL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { E2E_PORT: String(port) },
  },
  projects: [
    { name: "api", testMatch: "e2e/api/**/*.e2e.ts" },
    { name: "browser", testMatch: "e2e/browser/**/*.e2e.ts", use: { ...chromium, viewport: { width: 1366, height: 900 } } },
    // Journeys through pages visitors see (titles tagged @phone) run again at a phone's size.
    {
      name: "phone",
      testMatch: "e2e/browser/**/*.e2e.ts",
      grep: /@phone/,
      use: { ...chromium, viewport: { width: 390, height: 844 } },
    },
  ],
});
