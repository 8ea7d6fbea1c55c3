import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { beforeEach, describe, expect, it } from "vitest";

import { connect, getDb } from "@/db/client";
import { apps } from "@/db/schema";
import { parseSearch } from "@/lib/apps/public-search";
import { env } from "@/lib/env";
import { insertApp, setAppStatus } from "@/lib/testing/apps";
import { insertDeveloper, setDeveloperStatus } from "@/lib/testing/developers";

import type { CatalogueQuery } from "./catalogue";
import { searchCatalogue } from "./search";

// The process's catalogue follows every write that commits before a search begins: approvals,
// unpublishing, a developer's status, edits of the text, filters and sort keys, deletes, a
// TRUNCATE, and transactions that commit out of the order they started in.

async function search(text: string, options: Partial<Omit<CatalogueQuery, "words" | "text">> = {}) {
  const db = await getDb();
  return searchCatalogue(db, { search: parseSearch(text), filters: {}, sort: "popular", offset: 0, limit: 20, ...options });
}

async function namesFound(text: string, options: Partial<Omit<CatalogueQuery, "words" | "text">> = {}): Promise<string[]> {
  const { ids } = await search(text, options);
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db.select({ id: apps.id, name: apps.name }).from(apps);
  const nameOf = new Map(rows.map((row) => [row.id, row.name]));
  return ids.map((id) => nameOf.get(id)!);
}

describe("the catalogue search stays in step with the database", () => {
  beforeEach(async () => {
    const db = await getDb();
    await db.execute(sql`truncate apps cascade`);
  });

  it("follows approval, unpublishing and the developer's status", async () => {
    const developer = await insertDeveloper();
    const draft = await insertApp(developer, { name: "Zeppelin Planner", status: "DRAFT" });
    expect(await namesFound("zeppelin")).toEqual([]);
    await setAppStatus(draft.id, "APPROVED");
    expect(await namesFound("zeppelin")).toEqual(["Zeppelin Planner"]);
    await setDeveloperStatus(developer.id, "SUSPENDED");
    expect(await namesFound("zeppelin")).toEqual([]);
    await setDeveloperStatus(developer.id, "VERIFIED");
    expect(await namesFound("zeppelin")).toEqual(["Zeppelin Planner"]);
    await setAppStatus(draft.id, "UNPUBLISHED");
    expect((await search("zeppelin")).total).toBe(0);
  });

  it("follows edits of the text, the filters and the sort keys", async () => {
    const developer = await insertDeveloper();
    const first = await insertApp(developer, { name: "Quokka Notes", installCount: 1 });
    await insertApp(developer, { name: "Quokka Board", installCount: 2 });
    expect(await namesFound("quokka")).toEqual(["Quokka Board", "Quokka Notes"]);

    const db = await getDb();
    await db.update(apps).set({ installCount: 3 }).where(eq(apps.id, first.id));
    expect(await namesFound("quokka")).toEqual(["Quokka Notes", "Quokka Board"]);
    await db.update(apps).set({ category: "FINANCE", featured: true }).where(eq(apps.id, first.id));
    expect(await namesFound("quokka", { filters: { category: "FINANCE", featured: true } })).toEqual(["Quokka Notes"]);
    await db.update(apps).set({ name: "Walrus Notes", description: "Notes about walruses." }).where(eq(apps.id, first.id));
    expect(await namesFound("quokka")).toEqual(["Quokka Board"]);
    expect(await namesFound("walrus", { filters: { category: "FINANCE" } })).toEqual(["Walrus Notes"]);
  });

  it("forgets deleted apps, and everything after a TRUNCATE", async () => {
    const developer = await insertDeveloper();
    const gone = await insertApp(developer, { name: "Origami Sync" });
    await insertApp(developer, { name: "Origami Board" });
    expect((await search("origami")).total).toBe(2);
    const db = await getDb();
    await db.delete(apps).where(eq(apps.id, gone.id));
    expect(await namesFound("origami")).toEqual(["Origami Board"]);
    await db.execute(sql`truncate apps cascade`);
    expect((await search("origami")).total).toBe(0);
    await insertApp(developer, { name: "Origami Again" });
    expect(await namesFound("origami")).toEqual(["Origami Again"]);
  });

  it("serves concurrent searches during writes, each seeing what committed before it began", async () => {
    const developer = await insertDeveloper();
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await insertApp(developer, { name: `Saffron ${i}` });
        return (await search("saffron")).total;
      }),
    );
    for (const total of results) expect(total).toBeGreaterThanOrEqual(1);
    expect((await search("saffron")).total).toBe(12);
  });

  it("sees a transaction that commits after a later one has been read (server only: PGlite has one connection)", async (context) => {
    const connection = await connect();
    if (connection.kind !== "postgres") return context.skip();
    const developer = await insertDeveloper();
    const early = await insertApp(developer, { name: "Tundra Early", installCount: 1 });
    const late = await insertApp(developer, { name: "Tundra Late", installCount: 2 });
    expect(await namesFound("tundra")).toEqual(["Tundra Late", "Tundra Early"]);

    const other = postgres(env().DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const hasStarted = new Promise<void>((resolve) => (started = resolve));
      // Starts first (the older transaction id), commits last.
      const slow = other.begin(async (tx) => {
        await tx`update apps set install_count = 100 where id = ${early.id}`;
        started();
        await released;
      });
      await hasStarted;
      const db = await getDb();
      await db.update(apps).set({ installCount: 50 }).where(eq(apps.id, late.id));
      expect(await namesFound("tundra")).toEqual(["Tundra Late", "Tundra Early"]);
      release();
      await slow;
      expect(await namesFound("tundra")).toEqual(["Tundra Early", "Tundra Late"]);
    } finally {
      await other.end();
    }
  });
});
