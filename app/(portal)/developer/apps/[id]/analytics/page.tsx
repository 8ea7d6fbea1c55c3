import type { z } from "zod";

import { formatCount } from "@/lib/core/format-count";
import { FunnelView } from "@/components/portal/analytics/funnel-view";
import { RangePicker } from "@/components/portal/analytics/range-picker";
import { SearchTermsView } from "@/components/portal/analytics/search-terms-view";
import { SeriesCharts } from "@/components/portal/analytics/series-charts";
import { UninstallReasonsView } from "@/components/portal/analytics/uninstall-reasons-view";
import { isVerified, NotVerifiedNotice, portalPublisher, RoleNotice } from "@/components/portal/verified-gate";
import { PageTitle } from "@/components/ui/page-title";
import { appFunnel, appSearchTerms, appSeries, appUninstallReasons } from "@/lib/analytics/service";
import { todayUtc } from "@/lib/analytics/range";
import { seriesQuery } from "@/lib/analytics/schemas";
import { getDeveloperApp } from "@/lib/apps/service";
import type { PageSearchParams } from "@/lib/http/search-params";
import { canRole } from "@/lib/members/roles";
import { orNotFound } from "@/lib/pages/or-not-found";

export const metadata = { title: "Analytics" };

/** The range and periods the address asks for; one it cannot show is named, and the last 30 days shown instead. */
async function viewOf(searchParams: PageSearchParams): Promise<{ query: z.output<typeof seriesQuery>; error?: string }> {
  const raw = await searchParams;
  const asked = Object.fromEntries(
    (["from", "to", "interval"] as const).flatMap((name) => (typeof raw[name] === "string" && raw[name] !== "" ? [[name, raw[name]]] : [])),
  );
  const parsed = seriesQuery.safeParse(asked);
  if (parsed.success) return { query: { ...parsed.data, groupBy: "source" } };
  const issue = parsed.error.issues[0]!;
  return { query: { groupBy: "source" }, error: `${String(issue.path[0] ?? "range")}: ${issue.message}. Showing the last 30 days.` };
}

const count = formatCount;

export default async function AnalyticsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: PageSearchParams }) {
  const { id } = await params;
  const path = `/developer/apps/${id}/analytics`;
  const publisher = await portalPublisher(path);
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="Analytics" />;
  if (!canRole(publisher.member.role, "readAnalytics")) return <RoleNotice role={publisher.member.role} feature="Analytics" />;
  const { access } = publisher;
  const { query, error } = await viewOf(searchParams);
  const { app, series, funnel, reasons, terms } = await orNotFound({ name: "id", value: id }, async () => {
    const { app } = await getDeveloperApp({ access, appId: id });
    const [series, funnel, reasons, terms] = await Promise.all([
      appSeries({ access, appId: id, query }),
      appFunnel({ access, appId: id, query }),
      appUninstallReasons({ access, appId: id, query }),
      appSearchTerms({ access, appId: id, query }),
    ]);
    return { app, series, funnel, reasons, terms };
  });
  const sum = (metric: "impressions" | "pageViews" | "installs" | "uninstalls") =>
    series.points.reduce((total, point) => total + (point[metric] ?? 0), 0);
  const stats = [
    { label: "Impressions", value: count(sum("impressions")) },
    { label: "Page views", value: count(sum("pageViews")) },
    { label: "Installs", value: count(sum("installs")) },
    { label: "Uninstalls", value: count(sum("uninstalls")) },
    { label: "Active installs", value: count(series.points.at(-1)?.activeInstalls ?? 0) },
    { label: "Average rating", value: series.points.at(-1)?.averageRating?.toFixed(2) ?? "—" },
  ];
  return (
    <div className="space-y-8">
      <PageTitle back={{ href: `/developer/apps/${id}`, label: app.name }} title={`Analytics: ${app.name}`}>
        <p className="text-sm text-slate-600">
          {series.from} to {series.to} (UTC). Views and impressions count people, not bots, and not your team or the marketplace&apos;s
          administrators; they arrive within a minute.
        </p>
      </PageTitle>
      <RangePicker
        path={path}
        range={series}
        interval={series.interval}
        today={todayUtc()}
        error={error}
        exportPath={`/api/dev/apps/${id}/analytics/export`}
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="analytics-totals">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-600">{stat.label}</dt>
            <dd className="mt-1 text-xl font-semibold">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <SeriesCharts points={series.points} />
      <FunnelView funnel={funnel} />
      <div className="grid gap-8 lg:grid-cols-2">
        <UninstallReasonsView reasons={reasons} />
        <SearchTermsView terms={terms} />
      </div>
    </div>
  );
}
