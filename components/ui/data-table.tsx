import type { ReactNode } from "react";

/** A column heading; `{ hidden }` is read by screen readers only (an actions column). */
type Column = string | { hidden: string };

/**
 * A bordered table with a header row and an empty state; rows come as children. On a narrow screen
 * the table scrolls sideways inside its own region, which is named by the caption and focusable so
 * a keyboard can scroll it. The region is `relative` so nothing positioned inside (a visually
 * hidden heading) escapes it and widens the page.
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
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
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
        <tbody>{children}</tbody>
      </table>
      {empty ? <p className="p-6 text-sm text-slate-500">{empty}</p> : null}
    </div>
  );
}
