import { readFile } from "node:fs/promises";

import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";

import { connect, disconnect } from "@/db/client";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { databaseNameUnder, databaseUrl } from "./database-template";

// Every test file gets a fresh database of its own, a copy of the run's migrated template
// (test/support/database-template.ts): an in-memory PGlite loaded from the template's dump, or a
// new database on the test server made `TEMPLATE` the template's, dropped afterwards. Files share
// worker processes (isolate: false), so whatever a file does to process.env is undone after it.

/** A test file's database is small: 16 MB of shared buffers (the default 128 MB costs ~0.5 s to start). */
const TEST_PGLITE_SETTINGS = { shared_buffers: "16MB" };

/**
 * The bytes as the Blob PGlite loads a dump from. PGlite only reads `arrayBuffer()` and `type`, and
 * Node 20's own Blob copies 40 MB through a stream for `arrayBuffer()` (~0.5 s a file).
 */
function inMemoryBlob(bytes: Buffer): Blob {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: "", size: buffer.byteLength, arrayBuffer: () => Promise.resolve(buffer) } as Blob;
}

let dropDatabase: (() => Promise<void>) | undefined;
let environmentBefore: Record<string, string | undefined> = {};

async function serverDatabaseFromTemplate(serverUrl: string, template: string): Promise<string> {
  const name = databaseNameUnder(serverUrl, "t");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  dropDatabase = async () => {
    const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
    await cleanup.end();
  };
  return databaseUrl(serverUrl, name);
}

beforeAll(async () => {
  environmentBefore = { ...process.env };
  const template = inject("databaseTemplate");
  forgetProcessCaches();
  if (template.kind === "server") {
    process.env.DATABASE_URL = await serverDatabaseFromTemplate(template.serverUrl, template.database);
    await connect();
  } else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DATA_DIR = "memory://";
    await connect({ pglite: { from: inMemoryBlob(await readFile(template.dumpFile)), settings: TEST_PGLITE_SETTINGS } });
  }
});

afterAll(async () => {
  await disconnect();
  await dropDatabase?.();
  dropDatabase = undefined;
  for (const name of Object.keys(process.env)) if (!(name in environmentBefore)) delete process.env[name];
  Object.assign(process.env, environmentBefore);
  forgetProcessCaches();
});
