import { sql } from "drizzle-orm";

import { getDb, queryRows } from "@/db/client";
import { STAT_SOURCES, type StatSource } from "@/lib/core/enums";

import type { DayRange } from "./range";
import type { Funnel } from "./schemas";

// Impressions → page views → installs, by source: a list shows the app (impression), a person
// opens its page from there (page view, by its referrer), and installs from that page (install,
// by the same source). Sources with none of the three are left out.

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

const step = (impressions: number, pageViews: number, installs: number) => ({
  impressions,
  pageViews,
  installs,
  viewRate: rate(pageViews, impressions),
  installRate: rate(installs, pageViews),
});

export async function funnelOf(appId: string, range: DayRange): Promise<Funnel> {
  const rows = await queryRows<{ source: StatSource; impressions: string; page_views: string; installs: string }>(
    await getDb(),
    sql`select source, sum(impressions)::text as impressions, sum(page_views)::text as page_views, sum(installs)::text as installs
        from app_daily_stats where app_id = ${appId} and day between ${range.from}::date and ${range.to}::date
        group by source`,
  );
  const bySource = new Map(rows.map((row) => [row.source, row]));
  const sources = STAT_SOURCES.flatMap((source) => {
    const row = bySource.get(source);
    if (!row) return [];
    const figures = step(Number(row.impressions), Number(row.page_views), Number(row.installs));
    return figures.impressions + figures.pageViews + figures.installs === 0 ? [] : [{ source, ...figures }];
  });
  const sum = (key: "impressions" | "pageViews" | "installs") => sources.reduce((total, source) => total + source[key], 0);
  return { ...range, total: step(sum("impressions"), sum("pageViews"), sum("installs")), sources };
}
