// Starts the built app for the Playwright suites: a fresh PGlite folder (or E2E_DATABASE_URL),
// demo data seeded on start, production mode with test-only settings. Everything the server writes
// goes to E2E_SERVER_LOG, which e2e/global-teardown.ts scans for leaks; its warnings and errors
// also to the terminal (the access log would drown Playwright's report). Its emails are sent, through
// the real Resend SDK, to a local stand-in whose address is in E2E_MAIL_CAPTURE_FILE (e2e/support/emails.ts).
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";

import { E2E_ADMIN_EMAIL, freshSecret } from "../e2e/support/production-env";
import { E2E_MAIL_CAPTURE_FILE, E2E_SECRETS_FILE, E2E_SERVER_LOG, type E2eSecrets } from "../e2e/support/server-settings";
import { startResendCapture } from "../test/support/resend-capture";

import { startIdentityProvider } from "./idp/server";

const port = process.env.E2E_PORT ?? "3200";
const appUrl = `http://localhost:${port}`;
const pgliteDir = ".data/e2e";

const databaseEnv: Record<string, string> = process.env.E2E_DATABASE_URL
  ? { DATABASE_URL: process.env.E2E_DATABASE_URL }
  : { PGLITE_DATA_DIR: pgliteDir, ALLOW_EMBEDDED_DATABASE: "true" };
const secrets: E2eSecrets = { nextAuthSecret: freshSecret(), clientSecret: freshSecret(), resendApiKey: `re_${freshSecret()}` };
await mkdir(path.dirname(E2E_SECRETS_FILE), { recursive: true });
await writeFile(E2E_SECRETS_FILE, JSON.stringify(secrets));
// Journeys read an invitation's link from the email itself, as the invited person would.
const mail = await startResendCapture();
await writeFile(E2E_MAIL_CAPTURE_FILE, JSON.stringify({ url: mail.url }));
if (!process.env.E2E_DATABASE_URL) await rm(pgliteDir, { recursive: true, force: true });

// The bundled Yapture stand-in, on its own port beside the app.
const idp = await startIdentityProvider({
  port: Number(process.env.E2E_IDP_PORT ?? 4200),
  clients: [{ clientId: "marketplace-e2e", clientSecret: secrets.clientSecret, redirectUris: [`${appUrl}/api/auth/callback/yapture`] }],
});

// The production server (npm start), which stamps each request's client address.
await mkdir(path.dirname(E2E_SERVER_LOG), { recursive: true });
const serverLog = createWriteStream(E2E_SERVER_LOG);
const child = spawn("node_modules/.bin/tsx", ["scripts/serve.ts"], {
  stdio: ["inherit", "pipe", "pipe"],
  env: {
    ...process.env,
    ...databaseEnv,
    NODE_ENV: "production",
    PORT: port,
    HOST: "127.0.0.1",
    APP_URL: appUrl,
    NEXTAUTH_URL: appUrl,
    NEXTAUTH_SECRET: secrets.nextAuthSecret,
    SEED_ON_EMPTY: "true",
    ASSET_FETCH_ALLOW_PRIVATE: "true",
    // The webhook journey's receiver listens on loopback.
    WEBHOOK_ALLOW_PRIVATE: "true",
    NEXT_TELEMETRY_DISABLED: "1",
    YAPTURE_ISSUER: idp.issuer,
    YAPTURE_CLIENT_ID: "marketplace-e2e",
    YAPTURE_CLIENT_SECRET: secrets.clientSecret,
    ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    EMAIL_DELIVERY: "resend",
    RESEND_API_KEY: secrets.resendApiKey,
    RESEND_BASE_URL: mail.url,
    // Every journey registers developers from the one test address, at desktop and phone sizes,
    // and signs in and opens pages far faster than a person (e2e/api/page-limits.e2e.ts has small quotas).
    RATE_LIMIT_REGISTER: "100/1h",
    RATE_LIMIT_PAGES: "1000000/5m",
    RATE_LIMIT_SIGN_IN: "100000/5m",
    // Everything a production server writes by default, for the log scan; access lines included.
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    ACCESS_LOG: "true",
  },
});
child.stdout.on("data", (chunk: Buffer) => serverLog.write(chunk));
child.stderr.on("data", (chunk: Buffer) => (process.stderr.write(chunk), serverLog.write(chunk)));

const stop = () => child.kill("SIGTERM");
child.on("exit", () => void idp.close());
child.on("exit", () => void mail.close());
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
