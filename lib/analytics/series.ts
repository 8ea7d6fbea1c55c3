import { sql } from "drizzle-orm";

import { getDb, queryRows } from "@/db/client";
import { STAT_SOURCES, type StatSource } from "@/lib/core/enums";

import { addDays, periodsOf, type DayRange } from "./range";
import { SOURCED_METRICS, type Interval, type SeriesMetric, type SeriesPoint, type SourcedMetric } from "./schemas";

// An app's figures over time, from its daily rows (app_daily_stats, one per app, day and source)
// and its reviews, summed per period in Postgres. Active installs at a period's end are every
// install minus every uninstall up to then, so the days before the range are summed too.
// A two-year daily series by source is 6,570 figures: they are indexed by position, not by
// composed string keys, because assembling the answer costs more than reading the rows.

export type SeriesRequest = { range: DayRange; interval: Interval; metrics: readonly SeriesMetric[]; bySource: boolean };

type Figures = Record<SourcedMetric, number>;
/** A period's counted figures for one source (or for all, when not by source). */
type Counted = { impressions: number; pageViews: number; installs: number; uninstalls: number };

type DailyRow = {
  app_id: string;
  period: string;
  source: StatSource | null;
  impressions: string;
  page_views: string;
  installs: string;
  uninstalls: string;
};
type ReviewRow = { app_id: string; period: string | null; reviews: string; rating_sum: string };

const SOURCE_INDEX = new Map<StatSource, number>(STAT_SOURCES.map((source, index) => [source, index]));
const ids = (appIds: readonly string[]) => sql`${sql.param([...appIds])}::uuid[]`;
const periodOf = (interval: Interval, column: ReturnType<typeof sql>) =>
  interval === "day" ? sql`${column}::date::text` : sql`date_trunc(${interval}, ${column})::date::text`;
const startOf = (day: string) => `${day}T00:00:00.000Z`;

/**
 * The rows of `appIds` in `range`, summed per period (and source, when asked); by day and source
 * they are the rows themselves, read from the key alone (it includes the figures: migration 0043).
 */
function dailyFigures(appIds: readonly string[], range: DayRange, interval: Interval, bySource: boolean) {
  const where = sql`app_id = any(${ids(appIds)}) and day between ${range.from}::date and ${range.to}::date`;
  if (interval === "day" && bySource) {
    return sql`select app_id, day::text as period, source, impressions::text, page_views::text, installs::text, uninstalls::text
               from app_daily_stats where ${where}`;
  }
  return sql`select app_id, ${periodOf(interval, sql`day::timestamp`)} as period, ${bySource ? sql`source` : sql`null`} as source,
               sum(impressions)::text as impressions, sum(page_views)::text as page_views,
               sum(installs)::text as installs, sum(uninstalls)::text as uninstalls
             from app_daily_stats where ${where} group by 1, 2${bySource ? sql`, 3` : sql``}`;
}

/** Installs minus uninstalls before the range, per app (and source, when asked). */
function activeBeforeRange(appIds: readonly string[], range: DayRange, bySource: boolean) {
  return sql`select app_id, ${bySource ? sql`source` : sql`null`} as source, (sum(installs) - sum(uninstalls))::text as active
             from app_daily_stats where app_id = any(${ids(appIds)}) and day < ${range.from}::date
             group by 1${bySource ? sql`, 2` : sql``}`;
}

/** Reviews as they are now (hidden ones left out), by the period they were first posted; `null` is before the range. */
function reviewsPosted(appIds: readonly string[], range: DayRange, interval: Interval) {
  return sql`select app_id,
               case when created_at < ${startOf(range.from)}::timestamptz then null
                    else ${periodOf(interval, sql`(created_at at time zone 'UTC')`)} end as period,
               count(*)::text as reviews, sum(rating)::text as rating_sum
             from reviews
             where app_id = any(${ids(appIds)}) and hidden_at is null and created_at < ${startOf(addDays(range.to, 1))}::timestamptz
             group by 1, 2`;
}

/** The figures of each of `appIds` per period of `request` (apps without figures get zeros). */
export async function seriesOf(appIds: readonly string[], request: SeriesRequest): Promise<Map<string, SeriesPoint[]>> {
  const { range, interval, metrics, bySource } = request;
  const wants = new Set<SeriesMetric>(metrics);
  const sourced = SOURCED_METRICS.filter((metric) => wants.has(metric));
  const db = await getDb();
  const [daily, before, reviewRows] = await Promise.all([
    queryRows<DailyRow>(db, dailyFigures(appIds, range, interval, bySource)),
    wants.has("activeInstalls")
      ? queryRows<{ app_id: string; source: StatSource | null; active: string }>(db, activeBeforeRange(appIds, range, bySource))
      : [],
    wants.has("reviews") || wants.has("averageRating") ? queryRows<ReviewRow>(db, reviewsPosted(appIds, range, interval)) : [],
  ]);

  // Per app and period, the counted figures at each source's index (index 0 alone when not by source).
  const width = bySource ? STAT_SOURCES.length : 1;
  const slot = (source: StatSource | null) => (source === null ? 0 : SOURCE_INDEX.get(source)!);
  const counted = new Map<string, (Counted | undefined)[]>();
  for (const row of daily) {
    const key = `${row.app_id}|${row.period}`;
    let sources = counted.get(key);
    if (!sources) counted.set(key, (sources = new Array<Counted | undefined>(width)));
    sources[slot(row.source)] = {
      impressions: Number(row.impressions),
      pageViews: Number(row.page_views),
      installs: Number(row.installs),
      uninstalls: Number(row.uninstalls),
    };
  }
  const activeBefore = new Map<string, number[]>();
  for (const row of before) {
    let active = activeBefore.get(row.app_id);
    if (!active) activeBefore.set(row.app_id, (active = new Array<number>(width).fill(0)));
    active[slot(row.source)] = Number(row.active);
  }
  const reviewsByKey = new Map(reviewRows.map((row) => [`${row.app_id}|${row.period ?? "before"}`, row]));

  const periods = periodsOf(range, interval);
  const result = new Map<string, SeriesPoint[]>();
  for (const appId of appIds) {
    const active = activeBefore.get(appId) ?? new Array<number>(width).fill(0);
    const earlier = reviewsByKey.get(`${appId}|before`);
    let reviewCount = Number(earlier?.reviews ?? 0);
    let ratingSum = Number(earlier?.rating_sum ?? 0);
    const points: SeriesPoint[] = [];
    for (const { key, start, end } of periods) {
      const figures = counted.get(`${appId}|${key}`);
      const total: Figures = { impressions: 0, pageViews: 0, installs: 0, uninstalls: 0, activeInstalls: 0 };
      const sources: Partial<Record<StatSource, Partial<Figures>>> = {};
      for (let index = 0; index < width; index++) {
        const each = figures?.[index];
        if (each) {
          total.impressions += each.impressions;
          total.pageViews += each.pageViews;
          total.installs += each.installs;
          total.uninstalls += each.uninstalls;
          active[index]! += each.installs - each.uninstalls;
        }
        total.activeInstalls += active[index]!;
        if (bySource) sources[STAT_SOURCES[index]!] = chosen(sourced, each, active[index]!);
      }
      const point: SeriesPoint = { start, end, ...chosen(sourced, total, total.activeInstalls) };
      const posted = reviewsByKey.get(`${appId}|${key}`);
      reviewCount += Number(posted?.reviews ?? 0);
      ratingSum += Number(posted?.rating_sum ?? 0);
      if (wants.has("reviews")) point.reviews = Number(posted?.reviews ?? 0);
      if (wants.has("averageRating")) point.averageRating = reviewCount === 0 ? null : Math.round((ratingSum / reviewCount) * 100) / 100;
      if (bySource) point.sources = sources;
      points.push(point);
    }
    result.set(appId, points);
  }
  return result;
}

/** The metrics asked for, in their documented order, of a period's counted figures and active installs. */
function chosen(metrics: readonly SourcedMetric[], figures: Counted | undefined, activeInstalls: number): Partial<Figures> {
  const out: Partial<Figures> = {};
  for (const metric of metrics) out[metric] = metric === "activeInstalls" ? activeInstalls : (figures?.[metric] ?? 0);
  return out;
}
