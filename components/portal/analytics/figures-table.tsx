import { formatCount } from "@/lib/core/format-count";
import { DataCell, DataTable } from "@/components/ui/data-table";

import { SERIES_STYLE, type ChartedMetric } from "./palette";

export type ChartPoint = { start: string; end: string } & Partial<Record<ChartedMetric, number | null>>;

const periodLabel = ({ start, end }: ChartPoint) => (start === end ? start : `${start} – ${end}`);
const shown = (value: number | null | undefined) => (value === null || value === undefined ? "—" : formatCount(value));

/** A chart's figures as a table (what a screen reader, or anyone who wants the numbers, reads), behind a disclosure. */
export function FiguresTable({ caption, points, metrics }: { caption: string; points: ChartPoint[]; metrics: readonly ChartedMetric[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-brand-700 hover:underline">Show the figures as a table</summary>
      <div className="mt-2 max-h-96 overflow-y-auto">
        <DataTable caption={caption} columns={["Period", ...metrics.map((metric) => SERIES_STYLE[metric].label)]}>
          {points.map((point) => (
            <tr key={point.start} className="border-t border-slate-100">
              <DataCell label="Period">{periodLabel(point)}</DataCell>
              {metrics.map((metric) => (
                <DataCell key={metric} label={SERIES_STYLE[metric].label}>
                  {shown(point[metric])}
                </DataCell>
              ))}
            </tr>
          ))}
        </DataTable>
      </div>
    </details>
  );
}
