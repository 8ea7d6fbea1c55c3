import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { appScreenshots, apps } from "@/db/schema";
import { insertApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";

import { asJson, asRows, getPublicApp } from "./queries";
import { replaceScreenshots } from "@/lib/apps/screenshots";
import { publicAppView } from "@/lib/apps/views";

// The public JSON reads each app's screenshots from apps.public_screenshots, which the triggers of
// migration 0009 rewrite on every write to app_screenshots. Whatever the writes, the copy must say
// what the table says, as publicAppView (built from the table) shows it.

async function publicScreenshots(slug: string) {
  return (JSON.parse(await getPublicApp({ slug }, asJson)) as { screenshots: unknown }).screenshots;
}

async function expectInStep(slug: string) {
  const fromTable = publicAppView(await getPublicApp({ slug }, asRows)).screenshots;
  expect(await publicScreenshots(slug)).toEqual(fromTable);
  return fromTable;
}

describe("apps.public_screenshots", () => {
  it("follows every replacement of an app's screenshots, in their order", async () => {
    const db = await getDb();
    const developer = await insertDeveloper();
    const app = await insertApp(developer);
    expect(await expectInStep(app.slug)).toEqual([
      { url: `https://cdn.example.com/${app.slug}/shot-1.png`, caption: "First", order: 0 },
      { url: `https://cdn.example.com/${app.slug}/shot-2.png`, caption: "Second", order: 1 },
    ]);

    const shots = [
      { url: "https://cdn.example.com/c.png", caption: 'Quote "C" \\ ünïcödé 🚀', order: 2 },
      { url: "https://cdn.example.com/a.png", caption: null, order: 0 },
      { url: "https://cdn.example.com/b.png" },
    ];
    await db.transaction((tx) => replaceScreenshots(tx, app.id, shots));
    expect(await expectInStep(app.slug)).toEqual([
      { url: "https://cdn.example.com/a.png", caption: null, order: 0 },
      { url: "https://cdn.example.com/c.png", caption: 'Quote "C" \\ ünïcödé 🚀', order: 1 },
      { url: "https://cdn.example.com/b.png", caption: null, order: 2 },
    ]);

    await db.transaction((tx) => replaceScreenshots(tx, app.id, [{ url: "https://cdn.example.com/only.png", caption: "Only" }]));
    expect(await expectInStep(app.slug)).toEqual([{ url: "https://cdn.example.com/only.png", caption: "Only", order: 0 }]);

    await db.delete(appScreenshots).where(eq(appScreenshots.appId, app.id));
    expect(await expectInStep(app.slug)).toEqual([]);
  });

  it("follows updates of a screenshot, a move to another app included, and leaves other apps alone", async () => {
    const db = await getDb();
    const developer = await insertDeveloper();
    const [first, second, untouched] = [await insertApp(developer), await insertApp(developer), await insertApp(developer)];
    const before = await expectInStep(untouched!.slug);

    await db
      .update(appScreenshots)
      .set({ caption: "Renamed" })
      .where(eq(appScreenshots.url, `https://cdn.example.com/${first!.slug}/shot-2.png`));
    expect(await expectInStep(first!.slug)).toContainEqual({
      url: `https://cdn.example.com/${first!.slug}/shot-2.png`,
      caption: "Renamed",
      order: 1,
    });

    await db
      .update(appScreenshots)
      .set({ appId: second!.id, position: 5 })
      .where(eq(appScreenshots.url, `https://cdn.example.com/${first!.slug}/shot-1.png`));
    expect(await expectInStep(first!.slug)).toHaveLength(1);
    expect((await expectInStep(second!.slug)).at(-1)).toEqual({
      url: `https://cdn.example.com/${first!.slug}/shot-1.png`,
      caption: "First",
      order: 5,
    });
    expect(await expectInStep(untouched!.slug)).toEqual(before);
  });

  it("lets an app be deleted with its screenshots", async () => {
    const db = await getDb();
    const app = await insertApp(await insertDeveloper());
    await db.delete(apps).where(eq(apps.id, app.id));
    const [left] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(appScreenshots)
      .where(eq(appScreenshots.appId, app.id));
    expect(left!.count).toBe(0);
  });
});
