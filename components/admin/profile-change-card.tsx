import { ExternalLink } from "@/components/ui/external-link";
import { ProfileChangeDiff } from "@/components/ui/profile-change-diff";
import { StatusBadge } from "@/components/ui/status-badge";
import { PROFILE_CHANGE_STATES } from "@/lib/developers/profile-change-states";
import { can } from "@/lib/state/machine";
import type { AdminProfileChangeResource } from "@/lib/developers/schemas";

import type { ClaimResource } from "@/lib/approval-queue/schemas";

import { ActionButton } from "./action-button";
import { AgeingMark } from "./ageing-mark";
import { ClaimControl } from "./claim-control";
import { endpointOf } from "@/lib/client/operation-call";
import { PROFILE_CHANGE_APPROVALS } from "@/lib/developers/operations";

const minute = (timestamp: string) => `${timestamp.slice(0, 16).replace("T", " ")} UTC`;

/** A verified developer's profile change: what it would make public, against what is public now, and the decision; while it waits, its age and claim. */
export function ProfileChangeCard({
  change,
  claim = null,
  now,
}: {
  change: AdminProfileChangeResource;
  claim?: ClaimResource | null;
  now: Date;
}) {
  const waiting = change.status === "PENDING";
  const { developer } = change;
  const proposedWebsite = change.changes.some(({ field }) => field === "websiteUrl") ? change.websiteUrl : null;
  return (
    <article
      className="grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 md:grid-cols-[1fr_14rem]"
      data-testid="profile-change"
    >
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold break-words">{developer.name}</h2>
          <StatusBadge status={change.status} />
          {waiting ? <AgeingMark waitingSince={change.submittedAt} now={now} /> : null}
        </div>
        {waiting ? (
          <ClaimControl of="profile_change" id={change.id} subject={`the profile change of ${developer.name}`} claim={claim} />
        ) : null}
        <p className="text-xs break-words text-slate-600">
          {developer.email} · account {developer.status.replace(/_/g, " ").toLowerCase()} · asked {minute(change.submittedAt)}
          {change.decidedAt ? ` · decided ${minute(change.decidedAt)}` : ""}
        </p>
        <section className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">Changes against the public profile</h3>
          <ProfileChangeDiff changes={change.changes} />
        </section>
        {proposedWebsite ? (
          <p className="text-sm">
            <ExternalLink href={proposedWebsite}>Open the proposed website</ExternalLink>
          </p>
        ) : null}
        {change.reason ? (
          <p className="text-sm text-red-700">
            Reason given: <bdi>{change.reason}</bdi>
          </p>
        ) : null}
      </div>
      {can(PROFILE_CHANGE_STATES, "approve", change.status) ? (
        <div className="flex flex-wrap content-start gap-2 md:flex-col md:items-start">
          <ActionButton
            label="Approve"
            variant="primary"
            endpoint={endpointOf(PROFILE_CHANGE_APPROVALS.approve)}
            params={{ id: change.id }}
            announce={`The profile change of ${developer.name} is approved and public.`}
          />
          <ActionButton
            label="Reject"
            variant="danger"
            ask={{ field: "reason", label: "Reason (sent to the developer)" }}
            endpoint={endpointOf(PROFILE_CHANGE_APPROVALS.reject)}
            params={{ id: change.id }}
            announce={`The profile change of ${developer.name} is rejected and the developer has been emailed.`}
          />
        </div>
      ) : null}
    </article>
  );
}
