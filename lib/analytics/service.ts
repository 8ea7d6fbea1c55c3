import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";

import { getDb } from "@/db/client";
import { apps } from "@/db/schema";
import { STAT_SOURCES } from "@/lib/core/enums";
import { ApiError, notFound } from "@/lib/core/errors";
import { accessibleApp, type Access } from "@/lib/members/access";

import { csvOf, type Cell } from "./csv";
import { funnelOf } from "./funnel";
import { rangeOf, periodsOf } from "./range";
import { metricsOf, type rangeQuery, type Series, type seriesQuery, type SeriesPoint } from "./schemas";
import { searchTermsOf } from "./search-terms";
import { seriesOf, type SeriesRequest } from "./series";
import { uninstallReasonsOf } from "./uninstall-reasons";

// The publisher's analytics, as the API answers them: each question asked of one app the caller
// reaches (any other id is 404, as for every other read of an app), or of all of them (the export).

type RangeQuery = z.output<typeof rangeQuery>;
type SeriesQuery = z.output<typeof seriesQuery>;
type AppRef = { id: string; slug: string; name: string };

/** The most rows one export writes (apps × periods × sources): a year of days for 270 apps, or a shorter range or a longer interval for more. */
const MAX_EXPORT_ROWS = 100_000;

async function reachableApp(access: Access, appId: string): Promise<AppRef> {
  const db = await getDb();
  const [app] = await db
    .select({ id: apps.id, slug: apps.slug, name: apps.name })
    .from(apps)
    .where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!app) throw notFound("app");
  return app;
}

function requestOf(query: SeriesQuery): SeriesRequest {
  return {
    range: rangeOf(query),
    interval: query.interval ?? "day",
    metrics: metricsOf(query.metrics),
    bySource: query.groupBy === "source",
  };
}

export async function appSeries({ access, appId, query }: { access: Access; appId: string; query: SeriesQuery }): Promise<Series> {
  const app = await reachableApp(access, appId);
  const request = requestOf(query);
  const points = (await seriesOf([app.id], request)).get(app.id)!;
  return {
    ...request.range,
    interval: request.interval,
    metrics: [...request.metrics],
    groupBy: request.bySource ? "source" : null,
    points,
  };
}

export async function appFunnel({ access, appId, query }: { access: Access; appId: string; query: RangeQuery }) {
  return funnelOf((await reachableApp(access, appId)).id, rangeOf(query));
}

export async function appUninstallReasons({ access, appId, query }: { access: Access; appId: string; query: RangeQuery }) {
  return uninstallReasonsOf((await reachableApp(access, appId)).id, rangeOf(query));
}

export async function appSearchTerms({ access, appId, query }: { access: Access; appId: string; query: RangeQuery }) {
  return searchTermsOf((await reachableApp(access, appId)).id, rangeOf(query));
}

export type CsvFile = { filename: string; text: string };

/** The series of one app as a CSV file. */
export async function appSeriesCsv({ access, appId, query }: { access: Access; appId: string; query: SeriesQuery }): Promise<CsvFile> {
  const app = await reachableApp(access, appId);
  const request = requestOf(query);
  return { filename: `${app.slug}-analytics-${request.range.from}-${request.range.to}.csv`, text: await csvFor([app], request, false) };
}

/** The series of every app the caller reaches, one after the other, as one CSV file. */
export async function publisherSeriesCsv({ access, query }: { access: Access; query: SeriesQuery }): Promise<CsvFile> {
  const db = await getDb();
  const reachable = await db
    .select({ id: apps.id, slug: apps.slug, name: apps.name })
    .from(apps)
    .where(accessibleApp(access))
    .orderBy(asc(apps.name), asc(apps.id));
  const request = requestOf(query);
  const rows = reachable.length * periodsOf(request.range, request.interval).length * (request.bySource ? STAT_SOURCES.length + 1 : 1);
  if (rows > MAX_EXPORT_ROWS) {
    throw new ApiError("validation_failed", `from: the export would have ${rows} rows, more than ${MAX_EXPORT_ROWS}`, {
      errors: [{ path: "from", code: "too_big", message: `choose a shorter range or a longer interval (at most ${MAX_EXPORT_ROWS} rows)` }],
    });
  }
  return { filename: `analytics-${request.range.from}-${request.range.to}.csv`, text: await csvFor(reachable, request, true) };
}

async function csvFor(appList: AppRef[], request: SeriesRequest, namesApps: boolean): Promise<string> {
  const series =
    appList.length === 0
      ? new Map<string, SeriesPoint[]>()
      : await seriesOf(
          appList.map(({ id }) => id),
          request,
        );
  const header = [...(namesApps ? ["app", "appName"] : []), "start", "end", ...(request.bySource ? ["source"] : []), ...request.metrics];
  const rows: Cell[][] = [];
  for (const app of appList) {
    const appCells = namesApps ? [app.slug, app.name] : [];
    for (const point of series.get(app.id) ?? []) {
      rows.push([
        ...appCells,
        point.start,
        point.end,
        ...(request.bySource ? ["all"] : []),
        ...request.metrics.map((metric) => point[metric] ?? null),
      ]);
      for (const [source, figures] of Object.entries(point.sources ?? {})) {
        const cells = request.metrics.map((metric) => (metric in figures ? figures[metric as keyof typeof figures]! : null));
        rows.push([...appCells, point.start, point.end, source, ...cells]);
      }
    }
  }
  return csvOf(header, rows);
}
