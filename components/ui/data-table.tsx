import type { ReactNode } from "react";

/** A bordered table with a header row and an empty state; rows come as children. */
export function DataTable({
  columns,
  caption,
  empty,
  children,
}: {
  columns: string[];
  caption?: string;
  empty?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            {columns.map((column) => (
              <th key={column} className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty ? <p className="p-6 text-sm text-slate-500">{empty}</p> : null}
    </div>
  );
}
