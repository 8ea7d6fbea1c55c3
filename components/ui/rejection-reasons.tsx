import { APPROVAL_CRITERION_LABELS } from "@/lib/core/enums";
import type { DeveloperAppResource } from "@/lib/apps/schemas";
import { humanize } from "@/lib/client/field-names";

type Rejection = NonNullable<DeveloperAppResource["rejection"]>;

/** What the reviewer found, per review criterion, with their message to the developer. */
export function RejectionReasons({ rejection }: { rejection: Rejection }) {
  return (
    <div className="space-y-3">
      <ul className="space-y-2" data-testid="rejection-reasons" aria-label="Rejection reasons">
        {rejection.reasons.map((reason, index) => (
          <li key={index} className="rounded-lg bg-white p-3 text-sm">
            <span className="font-medium">{APPROVAL_CRITERION_LABELS[reason.criterion]}:</span> <bdi>{reason.message}</bdi>
            {reason.field ? <span className="ml-1 text-xs text-slate-600">(about: {humanize(reason.field)})</span> : null}
          </li>
        ))}
      </ul>
      {rejection.message ? (
        <blockquote className="border-l-4 border-red-200 pl-3 text-sm text-slate-700">
          <p className="text-xs font-medium text-slate-600 uppercase">Message from the reviewer</p>
          <p dir="auto" className="mt-1 whitespace-pre-line">
            {rejection.message}
          </p>
        </blockquote>
      ) : null}
      <p className="text-xs text-slate-600">Rejected {rejection.rejectedAt.slice(0, 10)}.</p>
    </div>
  );
}
