import { randomBytes } from "node:crypto";

import { afterAll, beforeAll } from "vitest";

import { connect, disconnect } from "@/db/client";
import { env } from "@/lib/env";
import { forgetProcessCaches } from "@/lib/testing/process-caches";

// Every test file gets a freshly migrated database of its own: an in-memory PGlite by default,
// or, when TEST_DATABASE_URL is set, a new database on that server, dropped afterwards.

let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const serverUrl = env().TEST_DATABASE_URL;
  if (serverUrl) {
    const { default: postgres } = await import("postgres");
    // Named after the server URL's database, so a CI run can drop whatever a crashed worker left behind.
    const base = new URL(serverUrl).pathname.slice(1) || "postgres";
    const name = `${base}_t_${randomBytes(6).toString("hex")}`.slice(0, 63);
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    };
  } else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DATA_DIR = "memory://";
  }
  forgetProcessCaches();
  await connect();
});

afterAll(async () => {
  await disconnect();
  await dropDatabase?.();
});
