import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb, queryRows } from "@/db/client";
import { apps } from "@/db/schema";
import { APP_CATEGORIES, APP_ENVIRONMENTS } from "@/lib/core/enums";
import { insertApp, insertApps, setAppStatus } from "@/test/support/apps";
import { insertDeveloper, setDeveloperStatus } from "@/test/support/developers";

// apps.public and public_app_counts are kept by database triggers (migration 0004_public_visibility):
// after any sequence of writes they must equal what they summarize.

type Mismatch = Record<string, unknown>;

/** Rows where the flag or a count cell disagrees with the apps and developers tables; none when consistent. */
async function inconsistencies(): Promise<Mismatch[]> {
  const db = await getDb();
  return queryRows<Mismatch>(
    db,
    sql`
      select 'flag' as kind, a.slug as what from apps a join developers d on d.id = a.developer_id
      where a.public <> (a.status = 'APPROVED' and a.visibility = 'PUBLIC' and d.status = 'VERIFIED')
      union all
      select 'count', c.category || '/' || c.environment || '/' || c.featured from public_app_counts c
      where c.apps <> (select count(*) from apps a where a.public and (a.category, a.environment, a.featured) = (c.category, c.environment, c.featured))`,
  );
}

async function cellCount(): Promise<number> {
  const [row] = await queryRows<{ cells: number }>(await getDb(), sql`select count(*)::int as cells from public_app_counts`);
  return Number(row!.cells);
}

describe("public visibility and counts", () => {
  it("has a count cell for every category, environment and featured flag", async () => {
    expect(await cellCount()).toBe(APP_CATEGORIES.length * APP_ENVIRONMENTS.length * 2);
  });

  it("follows app inserts, status changes, moves between cells and deletes", async () => {
    const developer = await insertDeveloper();
    const [draft, approved, featured] = await insertApps(developer, [
      { status: "DRAFT" },
      { status: "APPROVED", category: "FINANCE", environment: "staging" },
      { status: "APPROVED", featured: true },
    ]);
    expect(await inconsistencies()).toEqual([]);

    await setAppStatus(draft!.id, "APPROVED");
    await setAppStatus(approved!.id, "UNPUBLISHED");
    const db = await getDb();
    await db
      .update(apps)
      .set({ featured: false, category: "OTHER", environment: "localhost" })
      .where(sql`${apps.id} = ${featured!.id}`);
    expect(await inconsistencies()).toEqual([]);

    await setAppStatus(approved!.id, "APPROVED");
    await db.delete(apps).where(sql`${apps.id} = ${approved!.id}`);
    expect(await inconsistencies()).toEqual([]);
  });

  it("follows the developer's status: suspending hides every approved app, reinstating shows them again", async () => {
    const developer = await insertDeveloper();
    await insertApps(developer, [{ status: "APPROVED" }, { status: "APPROVED", featured: true }, { status: "PENDING" }]);
    const pending = await insertDeveloper({ status: "PENDING_VERIFICATION", verifiedAt: null });
    const waiting = await insertApp(pending, { status: "APPROVED" });

    await setDeveloperStatus(developer.id, "SUSPENDED");
    expect(await inconsistencies()).toEqual([]);
    const db = await getDb();
    const publicOf = async (id: string) =>
      (
        await db
          .select({ public: apps.public })
          .from(apps)
          .where(sql`${apps.id} = ${id}`)
      )[0]!.public;
    expect(await publicOf(waiting.id)).toBe(false);

    await setDeveloperStatus(developer.id, "VERIFIED");
    await setDeveloperStatus(pending.id, "VERIFIED");
    expect(await publicOf(waiting.id)).toBe(true);
    expect(await inconsistencies()).toEqual([]);
  });

  it("stays exact when a developer is suspended while its apps are approved and featured", async () => {
    const developer = await insertDeveloper();
    const listings = await insertApps(
      developer,
      Array.from({ length: 12 }, (_, i) => ({ status: i % 2 === 0 ? ("PENDING" as const) : ("APPROVED" as const) })),
    );
    const db = await getDb();
    await Promise.all([
      ...listings.map((app, i) =>
        i % 2 === 0
          ? setAppStatus(app.id, "APPROVED")
          : db
              .update(apps)
              .set({ featured: true })
              .where(sql`${apps.id} = ${app.id}`),
      ),
      setDeveloperStatus(developer.id, "SUSPENDED"),
      setDeveloperStatus(developer.id, "VERIFIED"),
    ]);
    expect(await inconsistencies()).toEqual([]);
  });

  it("follows visibility (issue 47): only PUBLIC approved apps count, through visibility changes and a developer's suspension", async () => {
    const developer = await insertDeveloper();
    const listings = await insertApps(developer, [
      { status: "APPROVED", visibility: "PRIVATE", environment: "localhost" },
      { status: "APPROVED", visibility: "UNLISTED", featured: true },
      { status: "APPROVED", visibility: "PUBLIC", category: "FINANCE" },
      { status: "PENDING", visibility: "PUBLIC" },
    ]);
    expect(await inconsistencies()).toEqual([]);
    const db = await getDb();
    const setVisibility = (index: number, visibility: "PRIVATE" | "UNLISTED" | "PUBLIC") =>
      db
        .update(apps)
        .set({ visibility })
        .where(sql`${apps.id} = ${listings[index]!.id}`);
    await setVisibility(0, "PUBLIC");
    await setVisibility(2, "PRIVATE");
    expect(await inconsistencies()).toEqual([]);
    // A suspension with private apps among the approved ones must not count them back in when lifted.
    await setDeveloperStatus(developer.id, "SUSPENDED");
    expect(await inconsistencies()).toEqual([]);
    await setDeveloperStatus(developer.id, "VERIFIED");
    expect(await inconsistencies()).toEqual([]);
    await setVisibility(1, "PUBLIC");
    await setAppStatus(listings[3]!.id, "APPROVED");
    expect(await inconsistencies()).toEqual([]);
  });
});
