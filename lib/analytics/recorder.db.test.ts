import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { appDailyStats, appDailyUtm, appSearchTerms } from "@/db/schema";
import { insertPublicApp } from "@/test/support/apps";

import { countImpressions, countPageView, countSearchTerm, flushStats } from "./recorder";

const statsOf = async (appId: string) => (await getDb()).select().from(appDailyStats).where(eq(appDailyStats.appId, appId));

describe("the analytics recorder", () => {
  it("adds what the process counted in one flush, per app, day and source, and adds to it on the next", async () => {
    const { app } = await insertPublicApp();
    countImpressions([app.id, app.id], "search");
    countImpressions([app.id], "home");
    countPageView(app.id, { source: "search", searchTerm: "focus timer", utmSource: "Newsletter", client: "c1" });
    expect(await statsOf(app.id)).toEqual([]);
    await flushStats();
    const day = new Date().toISOString().slice(0, 10);
    expect(await statsOf(app.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ day, source: "search", impressions: 2, pageViews: 1 }),
        expect.objectContaining({ day, source: "home", impressions: 1, pageViews: 0 }),
      ]),
    );
    countImpressions([app.id], "search");
    await flushStats();
    expect((await statsOf(app.id)).find((row) => row.source === "search")).toMatchObject({ impressions: 3, pageViews: 1 });
    const db = await getDb();
    expect(await db.select().from(appDailyUtm).where(eq(appDailyUtm.appId, app.id))).toEqual([
      expect.objectContaining({ utmSource: "newsletter", pageViews: 1 }),
    ]);
    expect(await db.select().from(appSearchTerms).where(eq(appSearchTerms.appId, app.id))).toEqual([
      expect.objectContaining({ term: "focus timer", client: "c1", pageViews: 1, installs: 0 }),
    ]);
  });

  it("skips an app deleted since it was seen, and keeps at most 50 utm sources an app and day", async () => {
    const { app } = await insertPublicApp();
    countImpressions([app.id, "00000000-0000-4000-8000-000000000000"], "api");
    for (let index = 0; index < 60; index++) countPageView(app.id, { source: "external", utmSource: `campaign-${index}`, client: "c" });
    countSearchTerm(app.id, "a|b", "c2", "installs");
    await flushStats();
    expect((await statsOf(app.id)).find((row) => row.source === "api")).toMatchObject({ impressions: 1 });
    const utm = await (await getDb()).select().from(appDailyUtm).where(eq(appDailyUtm.appId, app.id));
    expect(utm.length).toBeLessThanOrEqual(50);
  });
});
