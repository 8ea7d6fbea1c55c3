import { formatCount } from "@/lib/core/format-count";
import { DataCell, DataTable } from "@/components/ui/data-table";
import type { Funnel } from "@/lib/analytics/schemas";

import { SOURCE_LABELS } from "./source-labels";

const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toFixed(1)}%`);
const count = formatCount;

/** Impressions → page views → installs: the totals as bars, every source in a table. */
export function FunnelView({ funnel }: { funnel: Funnel }) {
  const { total } = funnel;
  const widest = Math.max(1, total.impressions, total.pageViews, total.installs);
  const steps = [
    { label: "Impressions", value: total.impressions, note: null },
    { label: "Page views", value: total.pageViews, note: `${percent(total.viewRate)} of impressions` },
    { label: "Installs", value: total.installs, note: `${percent(total.installRate)} of page views` },
  ];
  return (
    <section aria-labelledby="funnel-heading" className="space-y-3">
      <h2 id="funnel-heading" className="text-lg font-semibold">
        Funnel
      </h2>
      <ol className="space-y-2">
        {steps.map((step) => (
          <li key={step.label} className="grid grid-cols-[7rem_1fr] items-center gap-3 text-sm">
            <span className="text-slate-700">{step.label}</span>
            <span className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="h-4 rounded bg-[#0072B2]"
                style={{ width: `${Math.max(0.5, (step.value / widest) * 100)}%` }}
              />
              <span className="shrink-0 font-medium">
                {count(step.value)}
                {step.note ? <span className="ml-1 font-normal text-slate-600">({step.note})</span> : null}
              </span>
            </span>
          </li>
        ))}
      </ol>
      <DataTable
        caption="Funnel by source"
        columns={["Source", "Impressions", "Page views", "Installs", "Views / impressions", "Installs / views"]}
        empty={funnel.sources.length === 0 ? "Nothing was counted in this range." : null}
      >
        {funnel.sources.map((row) => (
          <tr key={row.source} className="border-t border-slate-100">
            <DataCell label="Source">{SOURCE_LABELS[row.source]}</DataCell>
            <DataCell label="Impressions">{count(row.impressions)}</DataCell>
            <DataCell label="Page views">{count(row.pageViews)}</DataCell>
            <DataCell label="Installs">{count(row.installs)}</DataCell>
            <DataCell label="Views / impressions">{percent(row.viewRate)}</DataCell>
            <DataCell label="Installs / views">{percent(row.installRate)}</DataCell>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
