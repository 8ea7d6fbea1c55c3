import { sql } from "drizzle-orm";

import { getDb, queryRows } from "@/db/client";
import { STAT_SOURCES, type StatSource } from "@/lib/core/enums";

import { addDays, periodsOf, type DayRange } from "./range";
import { SOURCED_METRICS, type Interval, type SeriesMetric, type SeriesPoint, type SourcedMetric } from "./schemas";

// An app's figures over time, from its daily rows (app_daily_stats, one per app, day and source)
// and its reviews, summed per period in Postgres. Active installs at a period's end are every
// install minus every uninstall up to then, so the days before the range are summed too.

export type SeriesRequest = { range: DayRange; interval: Interval; metrics: readonly SeriesMetric[]; bySource: boolean };

type Figures = Record<SourcedMetric, number>;
const noFigures = (): Figures => ({ impressions: 0, pageViews: 0, installs: 0, uninstalls: 0, activeInstalls: 0 });

type DailyRow = {
  app_id: string;
  period: string;
  source: StatSource;
  impressions: string;
  page_views: string;
  installs: string;
  uninstalls: string;
};
type ReviewRow = { app_id: string; period: string | null; reviews: string; rating_sum: string };

const ids = (appIds: readonly string[]) => sql`${sql.param([...appIds])}::uuid[]`;
const periodOf = (interval: Interval, column: ReturnType<typeof sql>) =>
  interval === "day" ? sql`${column}::date::text` : sql`date_trunc(${interval}, ${column})::date::text`;
const startOf = (day: string) => `${day}T00:00:00.000Z`;

/**
 * The rows of `appIds` in `range`, summed per period; by day they are the rows themselves (one per
 * app, day and source), read from the key alone (it includes the figures: migration 0043).
 */
function dailyFigures(appIds: readonly string[], range: DayRange, interval: Interval) {
  const where = sql`app_id = any(${ids(appIds)}) and day between ${range.from}::date and ${range.to}::date`;
  if (interval === "day") {
    return sql`select app_id, day::text as period, source, impressions::text, page_views::text, installs::text, uninstalls::text
               from app_daily_stats where ${where}`;
  }
  return sql`select app_id, ${periodOf(interval, sql`day::timestamp`)} as period, source,
               sum(impressions)::text as impressions, sum(page_views)::text as page_views,
               sum(installs)::text as installs, sum(uninstalls)::text as uninstalls
             from app_daily_stats where ${where} group by 1, 2, 3`;
}

/** The figures of each of `appIds` per period of `request` (apps without figures get zeros). */
export async function seriesOf(appIds: readonly string[], request: SeriesRequest): Promise<Map<string, SeriesPoint[]>> {
  const { range, interval, metrics, bySource } = request;
  const wants = new Set<SeriesMetric>(metrics);
  const db = await getDb();
  const [daily, before, reviewRows] = await Promise.all([
    queryRows<DailyRow>(db, dailyFigures(appIds, range, interval)),
    wants.has("activeInstalls")
      ? queryRows<{ app_id: string; source: StatSource; active: string }>(
          db,
          sql`select app_id, source, (sum(installs) - sum(uninstalls))::text as active from app_daily_stats
              where app_id = any(${ids(appIds)}) and day < ${range.from}::date group by 1, 2`,
        )
      : [],
    wants.has("reviews") || wants.has("averageRating")
      ? queryRows<ReviewRow>(
          db,
          // Reviews as they are now (hidden ones left out), by the day they were first posted.
          sql`select app_id,
                case when created_at < ${startOf(range.from)}::timestamptz then null
                     else ${periodOf(interval, sql`(created_at at time zone 'UTC')`)} end as period,
                count(*)::text as reviews, sum(rating)::text as rating_sum
              from reviews
              where app_id = any(${ids(appIds)}) and hidden_at is null and created_at < ${startOf(addDays(range.to, 1))}::timestamptz
              group by 1, 2`,
        )
      : [],
  ]);

  const figuresByKey = new Map<string, Figures>();
  for (const row of daily) {
    const figures = noFigures();
    figures.impressions = Number(row.impressions);
    figures.pageViews = Number(row.page_views);
    figures.installs = Number(row.installs);
    figures.uninstalls = Number(row.uninstalls);
    figuresByKey.set(`${row.app_id}|${row.period}|${row.source}`, figures);
  }
  const activeBefore = new Map(before.map((row) => [`${row.app_id}|${row.source}`, Number(row.active)]));
  const reviewsByKey = new Map(reviewRows.map((row) => [`${row.app_id}|${row.period ?? "before"}`, row]));

  const periods = periodsOf(range, interval);
  const result = new Map<string, SeriesPoint[]>();
  for (const appId of appIds) {
    const active = new Map(STAT_SOURCES.map((source) => [source, activeBefore.get(`${appId}|${source}`) ?? 0]));
    const earlier = reviewsByKey.get(`${appId}|before`);
    let reviewCount = Number(earlier?.reviews ?? 0);
    let ratingSum = Number(earlier?.rating_sum ?? 0);
    result.set(
      appId,
      periods.map(({ key, start, end }) => {
        const total = noFigures();
        const sources: Partial<Record<StatSource, Partial<Figures>>> = {};
        for (const source of STAT_SOURCES) {
          const figures = figuresByKey.get(`${appId}|${key}|${source}`) ?? noFigures();
          figures.activeInstalls = active.get(source)! + figures.installs - figures.uninstalls;
          active.set(source, figures.activeInstalls);
          for (const metric of SOURCED_METRICS) total[metric] += figures[metric];
          if (bySource)
            sources[source] = pick(
              figures,
              SOURCED_METRICS.filter((metric) => wants.has(metric)),
            );
        }
        const posted = reviewsByKey.get(`${appId}|${key}`);
        reviewCount += Number(posted?.reviews ?? 0);
        ratingSum += Number(posted?.rating_sum ?? 0);
        const point: SeriesPoint = {
          start,
          end,
          ...pick(
            total,
            SOURCED_METRICS.filter((metric) => wants.has(metric)),
          ),
        };
        if (wants.has("reviews")) point.reviews = Number(posted?.reviews ?? 0);
        if (wants.has("averageRating")) point.averageRating = reviewCount === 0 ? null : Math.round((ratingSum / reviewCount) * 100) / 100;
        if (bySource) point.sources = sources;
        return point;
      }),
    );
  }
  return result;
}

function pick(figures: Figures, metrics: readonly SourcedMetric[]): Partial<Figures> {
  return Object.fromEntries(metrics.map((metric) => [metric, figures[metric]]));
}
