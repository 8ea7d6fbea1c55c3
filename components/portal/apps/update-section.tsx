import { RejectionReasons } from "@/components/ui/rejection-reasons";
import { RevisionDiff } from "@/components/ui/revision-diff";
import { StatusBadge } from "@/components/ui/status-badge";
import { REVISION_STATES, type RevisionAction } from "@/lib/apps/revision-states";
import { can } from "@/lib/state/machine";
import type { DeveloperAppResource, RevisionResource } from "@/lib/apps/schemas";
import type { QueueStandingResource } from "@/lib/approval-queue/schemas";

import { QueueStanding } from "../queue-standing";

import { AppForm } from "./app-form";
import { DiscardUpdateButton, PrepareUpdateButton } from "./update-buttons";
import { WithdrawFromReviewButton } from "./withdraw-from-review-button";

type Props = { listing: DeveloperAppResource; revision: RevisionResource | null; standing?: QueueStandingResource | null };

function Explanation({ revision, standing }: { revision: RevisionResource; standing: QueueStandingResource | null }) {
  switch (revision.status) {
    case "DRAFT":
      return <p>Only you can see this update. The live listing stays as it is until the update is reviewed and approved.</p>;
    case "PENDING":
      return (
        <>
          {standing ? <QueueStanding standing={standing} /> : null}
          <p>
            Under review since {revision.submittedAt?.slice(0, 10) ?? "recently"}; you will get an email with the outcome. The live listing
            stays public meanwhile. Withdraw the update to change it.
          </p>
        </>
      );
    case "REJECTED":
      return <p>The reviewer found problems with this update. The live listing is unchanged; fix the update below and submit it again.</p>;
    default:
      return null;
  }
}

/** "Prepare an update" for a live listing, or the update in progress: editor, changes, review state. */
export function UpdateSection({ listing, revision, standing = null }: Props) {
  const allows = (action: RevisionAction) => revision !== null && can(REVISION_STATES, action, revision.status);
  return (
    <section aria-labelledby="update-heading" className="max-w-3xl space-y-4" data-testid="update-section">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="update-heading" className="text-lg font-semibold">
          {revision ? `Update to version ${revision.baseVersion + 1}` : "Updates"}
        </h2>
        {revision ? <StatusBadge status={revision.status} /> : null}
      </div>
      {revision ? (
        <>
          <Explanation revision={revision} standing={standing} />
          {revision.rejection && revision.status === "REJECTED" ? <RejectionReasons rejection={revision.rejection} /> : null}
          <div className="flex flex-wrap items-start gap-4">
            {allows("withdraw") ? <WithdrawFromReviewButton appId={listing.id} of="update" /> : null}
            {allows("discard") ? <DiscardUpdateButton appId={listing.id} /> : null}
          </div>
          {allows("edit") ? <AppForm key={revision.updatedAt} app={listing} revision={revision} submittable={allows("submit")} /> : null}
          <div className="space-y-2">
            <h3 className="font-semibold">Changes against the live version</h3>
            <p className="text-sm text-slate-500">Saved changes only.</p>
            <RevisionDiff changes={revision.changes} />
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Change the listing by preparing its next version: edit a copy, say what is new, and submit it for review. The live version stays
            public, with its installs and reviews, until the update is approved.
          </p>
          <PrepareUpdateButton appId={listing.id} />
        </>
      )}
    </section>
  );
}
