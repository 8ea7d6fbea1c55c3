import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as ready from "@/app/api/ready/route";
import { databaseNameUnder, databaseUrl } from "@/test/support/database-template";
import { call } from "@/test/support/http";
import { forgetProcessCaches } from "@/test/support/process-caches";

import { connect, disconnect, getDb, MIGRATIONS_FOLDER, queryRows } from "./client";
import { checkReadiness } from "./readiness";

// MIGRATE_ON_START=false: a process never migrates; until `npm run db:migrate` has run (as its own
// step) the database is not ready, and then it is, on the server without a reconnect.

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL || undefined;
let folder: string | undefined;
let emptyDatabase: string | undefined;
let target: Record<string, string>;

beforeAll(async () => {
  await disconnect();
  if (serverUrl) {
    emptyDatabase = databaseNameUnder(serverUrl, "m");
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${emptyDatabase}"`);
    await admin.end();
    target = { DATABASE_URL: databaseUrl(serverUrl, emptyDatabase) };
  } else {
    folder = await mkdtemp(path.join(os.tmpdir(), "migrate-on-start-"));
    delete process.env.DATABASE_URL;
    target = { PGLITE_DATA_DIR: folder };
  }
  Object.assign(process.env, target, { MIGRATE_ON_START: "false" });
  forgetProcessCaches();
});

afterAll(async () => {
  await disconnect();
  if (folder) await rm(folder, { recursive: true, force: true });
  if (emptyDatabase) {
    const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${emptyDatabase}" with (force)`);
    await admin.end();
  }
});

const committed = async () =>
  (JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;

describe("MIGRATE_ON_START=false", () => {
  it("opens the database without migrating it, and it is not ready until npm run db:migrate runs", async () => {
    await connect();
    const [apps] = await queryRows<{ name: string | null }>(await getDb(), sql`select to_regclass('public.apps')::text as name`);
    expect(apps?.name).toBeNull();
    expect(await checkReadiness()).toEqual({
      ready: false,
      reason: `0 of ${await committed()} migrations applied (run npm run db:migrate)`,
    });
    const behind = await call(ready.GET);
    expect(behind.status).toBe(503);
    expect(behind.body).toMatchObject({
      code: "service_unavailable",
      detail: `not ready: 0 of ${await committed()} migrations applied (run npm run db:migrate)`,
    });

    // PGlite is one process's at a time; a server database stays open meanwhile.
    if (folder) await disconnect();
    const { stdout } = await run(path.resolve("node_modules/.bin/tsx"), ["scripts/db-migrate.ts"], {
      env: { ...process.env, ...target, MIGRATE_ON_START: "false", LOG_LEVEL: "error" },
    });
    expect(stdout.trim()).toBe(`migrations applied (${serverUrl ? "postgres" : "pglite"})`);

    // Opened again before asking: reopening PGlite on a loaded machine can take longer than the
    // readiness check waits, and what is checked here is the migrations.
    if (folder) await connect();
    expect(await checkReadiness()).toEqual({ ready: true, migrations: await committed() });
    const current = await call(ready.GET);
    expect(current.status).toBe(200);
    expect(current.body).toEqual({ status: "ready", migrations: await committed() });
  }, 90_000); // It runs `npm run db:migrate` as its own process: every migration on a fresh PGlite, ~16 s alone on 2 cores.
});
