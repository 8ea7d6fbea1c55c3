import type { ReactNode, TdHTMLAttributes } from "react";

/** A column heading; `{ hidden }` is read by screen readers only (an actions column). */
type Column = string | { hidden: string };

/**
 * A bordered table with a header row and an empty state; rows are `<tr>`s of `<DataCell>`s. Below
 * the `sm` breakpoint each row stacks into a card (the headings are then read from each cell's
 * label), so nothing hides off to the side of a phone. Wider tables scroll sideways inside their
 * own region, named by the caption and focusable so a keyboard can scroll it; the region is
 * `relative` so nothing positioned inside (a visually hidden heading) escapes it and widens the page.
 */
export function DataTable({
  columns,
  caption,
  empty,
  children,
}: {
  columns: readonly Column[];
  caption: string;
  empty?: string | null;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm max-sm:block max-sm:[&_tbody_tr]:block max-sm:[&_tbody_tr]:py-2">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase max-sm:sr-only">
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} className="px-4 py-3">
                  {column}
                </th>
              ) : (
                <th key={column.hidden} className="px-4 py-3">
                  <span className="sr-only">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="max-sm:block">{children}</tbody>
      </table>
      {empty ? <p className="p-6 text-sm text-slate-500">{empty}</p> : null}
    </div>
  );
}

const LABEL_ON_PHONE =
  "max-sm:before:mb-0.5 max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)]";

/** A cell of a DataTable; `label` (its column's heading) is shown above the value when the row stacks on a phone. */
export function DataCell({ label, className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return (
    <td data-label={label} className={`px-4 py-3 max-sm:block max-sm:py-1.5 ${label ? LABEL_ON_PHONE : ""} ${className}`} {...props} />
  );
}
