import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { npmRun } from "@/test/support/npm-run";

// The production processes as an operator starts them (`npm start`, `npm run worker`): unsafe or
// malformed configuration stops them before anything else runs, one `error:` line per problem.

describe("npm start in production", () => {
  it("exits 1 naming each unsafe or malformed variable, one line each", async () => {
    const { code, lines } = await npmRun("start", {
      APP_URL: "https://marketplace.yapture.example",
      YAPTURE_ISSUER: "https://id.yapture.example",
      YAPTURE_CLIENT_ID: "marketplace",
      YAPTURE_CLIENT_SECRET: "marketplace-dev-secret",
      NEXTAUTH_SECRET: "development-only-secret-do-not-use-in-production",
      ADMIN_EMAILS: "admin@example.com",
      PORT: "http",
      RATE_LIMIT_PUBLIC_READ: "600 a minute",
    });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'error: PORT is malformed: expected a whole number from 0 to 65535 (got "http").',
      'error: RATE_LIMIT_PUBLIC_READ is malformed: expected "<points>/<duration>" like 20/1h (got "600 a minute").',
      "error: NEXTAUTH_SECRET is a development value printed in this repository: anyone can use it. Generate one with `openssl rand -base64 32`.",
      "error: YAPTURE_CLIENT_SECRET is a development value printed in this repository: anyone can use it. Generate one with `openssl rand -base64 32`.",
      "error: ADMIN_EMAILS lists admin@example.com, the development administrator: anyone can sign in as it at a development identity provider.",
      "error: DATABASE_URL is not set: the Postgres server URL. Without it each process would keep its own embedded database; set ALLOW_EMBEDDED_DATABASE=true for a single node that may.",
      "error: RESEND_API_KEY is not set: the Resend API key emails are sent with. Set EMAIL_DELIVERY=log-only to only log them instead.",
    ]);
  });
});

describe("npm run worker", () => {
  it("is a production process without NODE_ENV, refusing what sending email needs and nothing it does not read", async () => {
    const { code, lines } = await npmRun("worker", { RATE_LIMIT_PAGES: "many" });
    expect(code).toBe(1);
    expect(lines).toEqual([
      "error: APP_URL is not set: the public base URL (links in emails). The worker refuses to start without it.",
      'error: RATE_LIMIT_PAGES is malformed: expected "<points>/<duration>" like 20/1h (got "many").',
      "error: DATABASE_URL is not set: the Postgres server URL. Without it each process would keep its own embedded database; set ALLOW_EMBEDDED_DATABASE=true for a single node that may.",
      "error: RESEND_API_KEY is not set: the Resend API key emails are sent with. Set EMAIL_DELIVERY=log-only to only log them instead.",
    ]);
  });
});

describe("the heap cap of npm start", () => {
  let folder: string;
  let probe: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), "heap-probe-"));
    probe = path.join(folder, "probe.mjs");
    // Loaded by every node process NODE_OPTIONS reaches (npm too): only the server's reports its heap, then exits.
    await writeFile(
      probe,
      `import { getHeapStatistics } from "node:v8";
if (process.argv.some((arg) => arg.endsWith("scripts/serve.ts"))) {
  console.log("heap limit MB " + Math.round(getHeapStatistics().heap_size_limit / 2 ** 20));
  process.exit(0);
}\n`,
    );
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it.each([200, 900])("follows NODE_OPTIONS=--max-old-space-size=%i", async (megabytes) => {
    const { code, lines } = await npmRun("start", { NODE_OPTIONS: `--max-old-space-size=${megabytes} --import=${probe}` });
    expect(code).toBe(0);
    const limit = Number(/^heap limit MB (\d+)$/.exec(lines.at(-1) ?? "")?.[1]);
    // The limit is old space plus the young generation (tens of MB).
    expect(limit).toBeGreaterThanOrEqual(megabytes);
    expect(limit).toBeLessThan(megabytes + 100);
  });
});
