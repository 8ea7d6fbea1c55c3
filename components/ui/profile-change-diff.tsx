import { PUBLIC_PROFILE_FIELD_LABELS } from "@/lib/core/enums";
import type { ProfileFieldChange } from "@/lib/developers/schemas";

import { TextDiff } from "./revision-diff";

/** What a profile change sets, field by field, against the public profile: for its developer (portal) and its reviewer. */
export function ProfileChangeDiff({ changes }: { changes: ProfileFieldChange[] }) {
  return (
    <dl className="space-y-3" data-testid="profile-change-diff">
      {changes.map((change) => (
        <div key={change.field} className="space-y-1 rounded-lg border border-slate-200 bg-white p-3" data-field={change.field}>
          <dt className="text-sm font-semibold text-slate-900">{PUBLIC_PROFILE_FIELD_LABELS[change.field]}</dt>
          <dd className="min-w-0">
            {change.after === null ? (
              <p className="text-sm text-slate-700">
                <del dir="auto" className="bg-red-50 text-red-800 decoration-red-700">
                  <span className="sr-only">[removed: </span>
                  {change.before}
                  <span className="sr-only">]</span>
                </del>{" "}
                <span className="text-slate-500 italic">(removed)</span>
              </p>
            ) : (
              <TextDiff before={change.before ?? ""} after={change.after} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
