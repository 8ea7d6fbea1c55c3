import { formatCount } from "@/lib/core/format-count";
import { UNINSTALL_REASON_LABELS } from "@/lib/core/enums";
import type { UninstallReasons } from "@/lib/analytics/schemas";

/** Why workspaces removed the app: a bar per reason (the count written beside it) and the latest comments. */
export function UninstallReasonsView({ reasons }: { reasons: UninstallReasons }) {
  const highest = Math.max(1, ...reasons.reasons.map((row) => row.count), reasons.withoutReason);
  const rows = [...reasons.reasons.map((row) => ({ label: UNINSTALL_REASON_LABELS[row.reason], count: row.count }))];
  if (reasons.withoutReason > 0) rows.push({ label: "No reason given", count: reasons.withoutReason });
  return (
    <section aria-labelledby="reasons-heading" className="space-y-3">
      <h2 id="reasons-heading" className="text-lg font-semibold">
        Why people removed it
      </h2>
      {reasons.uninstalls === 0 ? (
        <p className="text-sm text-slate-600">No workspace removed the app in this range.</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {formatCount(reasons.uninstalls)} {reasons.uninstalls === 1 ? "removal" : "removals"}. Reasons and comments never say who gave
            them.
          </p>
          <ul className="space-y-1.5" aria-label="Removals by reason">
            {rows
              .filter((row) => row.count > 0)
              .sort((a, b) => b.count - a.count)
              .map((row) => (
                <li key={row.label} className="grid grid-cols-[10rem_1fr] items-center gap-3 text-sm">
                  <span className="text-slate-700">{row.label}</span>
                  <span className="flex items-center gap-2">
                    <span aria-hidden="true" className="h-3 rounded bg-[#CC79A7]" style={{ width: `${(row.count / highest) * 100}%` }} />
                    <span className="font-medium">{formatCount(row.count)}</span>
                  </span>
                </li>
              ))}
          </ul>
          {reasons.comments.length > 0 ? (
            <div className="space-y-2">
              <h3 className="text-sm font-semibold">Latest comments</h3>
              <ul className="space-y-2">
                {reasons.comments.map((comment, index) => (
                  <li key={index} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                    <p className="whitespace-pre-line text-slate-800">{comment.comment}</p>
                    <p className="mt-1 text-xs text-slate-600">
                      {comment.day}
                      {comment.reason ? ` · ${UNINSTALL_REASON_LABELS[comment.reason]}` : ""}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
