import Link from "next/link";

import { formatCount } from "@/lib/core/format-count";
import type { AppAnalytics } from "@/lib/apps/schemas";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-4">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold">{value}</dd>
    </div>
  );
}

/** One bar per day; screen readers get the list of days and counts instead of the bars. */
function InstallsChart({ days }: { days: AppAnalytics["installsByDay"] }) {
  const highest = Math.max(1, ...days.map((day) => day.count));
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium text-slate-700">Installs in the last 30 days: {formatCount(total)}</figcaption>
      <ol className="flex h-32 items-end gap-1 border-b border-slate-200" aria-label="Installs per day, last 30 days">
        {days.map((day) => (
          <li key={day.date} className="flex h-full flex-1 items-end" title={`${day.date}: ${day.count}`}>
            <span className="sr-only">
              {day.date}: {day.count} {day.count === 1 ? "install" : "installs"}
            </span>
            <div
              aria-hidden="true"
              className="w-full rounded-t bg-brand-500"
              style={{ height: `${(day.count / highest) * 100}%`, minHeight: day.count > 0 ? 2 : 0 }}
            />
          </li>
        ))}
      </ol>
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-500">
        <span>{days[0]?.date}</span>
        <span>{days.at(-1)?.date}</span>
      </div>
    </figure>
  );
}

export function ListingAnalytics({ appId, analytics }: { appId: string; analytics: AppAnalytics }) {
  return (
    <section aria-labelledby="analytics-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analytics-heading" className="font-semibold">
          Analytics
        </h2>
        <Link href={`/developer/apps/${appId}/analytics`} className="text-sm font-medium text-brand-700 hover:underline">
          Impressions, funnel and reasons over time →
        </Link>
      </div>
      {analytics.status === "APPROVED" || analytics.status === "UNPUBLISHED" ? null : (
        <p className="text-sm text-slate-500">Installs and reviews start counting once the listing is approved.</p>
      )}
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Stat label="Installs" value={formatCount(analytics.installCount)} />
        <Stat label="Active installs" value={formatCount(analytics.activeInstallCount)} />
        <Stat label="Reviews" value={formatCount(analytics.reviewCount)} />
        <Stat label="Average rating" value={analytics.averageRating === null ? "—" : `${analytics.averageRating.toFixed(1)} / 5`} />
      </dl>
      <InstallsChart days={analytics.installsByDay} />
    </section>
  );
}
