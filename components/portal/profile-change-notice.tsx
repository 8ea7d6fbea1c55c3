import { ProfileChangeDiff } from "@/components/ui/profile-change-diff";
import type { QueueStandingResource } from "@/lib/approval-queue/schemas";
import type { ProfileChangeResource } from "@/lib/developers/schemas";

import { QueueStanding } from "./queue-standing";

import { WithdrawProfileChangeButton } from "./withdraw-profile-change-button";

/** A verified developer's change of the public profile: waiting for review (and how to take it back), or why it was rejected. */
export function ProfileChangeNotice({
  change,
  standing = null,
}: {
  change: ProfileChangeResource;
  standing?: QueueStandingResource | null;
}) {
  if (change.status === "REJECTED") {
    return (
      <div className="space-y-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm" data-testid="profile-change-notice">
        <p className="font-medium text-red-900">
          An administrator did not approve your last profile change; your public profile stayed as it was.
        </p>
        <p>
          <span className="font-medium">Reason: </span>
          {change.reason}
        </p>
        <p className="text-slate-700">Change your profile below to address it; the change is reviewed again.</p>
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm" data-testid="profile-change-notice">
      <p className="font-medium text-amber-900">
        Your profile change waits for an administrator&apos;s review. Until it is approved, the marketplace shows your verified profile.
      </p>
      {standing ? <QueueStanding standing={standing} /> : null}
      <ProfileChangeDiff changes={change.changes} />
      <WithdrawProfileChangeButton />
    </div>
  );
}
