import Link from "next/link";

import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { GetForm } from "@/components/ui/get-form";
import { addDays, MAX_DAYS, type DayRange } from "@/lib/analytics/range";
import type { Interval } from "@/lib/analytics/schemas";

const PRESETS = [7, 30, 90, 365] as const;
const INTERVAL_OPTIONS = [
  { value: "day", label: "By day" },
  { value: "week", label: "By week" },
  { value: "month", label: "By month" },
];

/**
 * The range and interval of the analytics page: a GET form (it works without script, and the
 * address names the view, to share or bookmark), quick ranges ending today, and the CSV downloads.
 */
export function RangePicker({
  path,
  range,
  interval,
  today,
  error,
  exportPath,
}: {
  path: string;
  range: DayRange;
  interval: Interval;
  today: string;
  error?: string;
  exportPath: string;
}) {
  const download = (bySource: boolean) =>
    `${exportPath}?from=${range.from}&to=${range.to}&interval=${interval}${bySource ? "&groupBy=source" : ""}`;
  return (
    <section aria-label="Range" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <GetForm action={path} className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[auto_auto_auto_auto]">
        <TextField label="From" name="from" type="date" defaultValue={range.from} max={today} error={error} required />
        <TextField label="To" name="to" type="date" defaultValue={range.to} max={today} required />
        <SelectField label="Periods" name="interval" defaultValue={interval} options={INTERVAL_OPTIONS} />
        <Button type="submit" worksWithoutScript>
          Show
        </Button>
      </GetForm>
      <p className="text-xs text-slate-600">Days are UTC; at most {MAX_DAYS} days at a time.</p>
      <nav aria-label="Quick ranges" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {PRESETS.map((days) => {
          const href = `${path}?from=${addDays(today, -(days - 1))}&to=${today}&interval=${days > 90 ? "week" : interval}`;
          return (
            <Link key={days} href={href} className="text-brand-700 hover:underline">
              Last {days} days
            </Link>
          );
        })}
      </nav>
      <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <a href={download(false)} download className="font-medium text-brand-700 hover:underline">
          Download CSV
        </a>
        <a href={download(true)} download className="text-brand-700 hover:underline">
          Download CSV by source
        </a>
      </p>
    </section>
  );
}
