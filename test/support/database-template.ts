import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { MIGRATIONS_FOLDER } from "@/db/client";
import { createPgliteClient } from "@/db/pglite";

// Migrating a fresh database costs seconds per test file (on PGlite mostly initdb); copying a
// migrated one costs a fraction of that. The global setup migrates one template per run and each
// test file starts from a copy of it (test/support/database-per-file.ts).

/** Where the run's template is: a PGlite dump file, or a database on the test server. */
export type DatabaseTemplate = { kind: "pglite"; dumpFile: string } | { kind: "server"; serverUrl: string; database: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** The server URL with another database in its path. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A name for a database made under the server URL's, so that a CI run can drop whatever a crashed run left behind. */
export function databaseNameUnder(serverUrl: string, tag: string): string {
  const base = new URL(serverUrl).pathname.slice(1) || "postgres";
  return `${base}_${tag}_${randomBytes(6).toString("hex")}`.slice(0, 63);
}

async function pgliteTemplate(): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await createPgliteClient("memory://");
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  // A checkpoint first, so that a copy starts without replaying the migrations' WAL.
  await client.exec("checkpoint");
  // Uncompressed: a file loads faster than it would unzip, and it lives only as long as the run.
  const dump = await client.dumpDataDir("none");
  await client.close();
  const folder = await mkdtemp(path.join(tmpdir(), "marketplace-test-"));
  const dumpFile = path.join(folder, "template.tar");
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return { template: { kind: "pglite", dumpFile }, remove: () => rm(folder, { recursive: true, force: true }) };
}

async function serverTemplate(serverUrl: string): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const database = databaseNameUnder(serverUrl, "tpl");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${database}"`);
  } finally {
    await admin.end();
  }
  // A template must have no open connection when it is copied: this one ends before any test starts.
  const single = postgres(databaseUrl(serverUrl, database), { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle({ client: single }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await single.end();
  }
  const remove = async () => {
    const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists "${database}" with (force)`);
    await cleanup.end();
  };
  return { template: { kind: "server", serverUrl, database }, remove };
}

/** Migrates the run's template: a database on the server at `serverUrl` when given, else a PGlite dump. */
export function createDatabaseTemplate(serverUrl: string | undefined) {
  return serverUrl ? serverTemplate(serverUrl) : pgliteTemplate();
}
