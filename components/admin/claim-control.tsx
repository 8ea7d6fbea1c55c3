"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { WORKBENCH } from "@/lib/approval-queue/operations";
import type { ClaimResource } from "@/lib/approval-queue/schemas";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";

const until = (iso: string) => new Date(iso).toISOString().slice(11, 16) + " UTC";

const OPERATIONS = {
  listing: { claim: WORKBENCH.claimListing, release: WORKBENCH.releaseListing },
  update: { claim: WORKBENCH.claimUpdate, release: WORKBENCH.releaseUpdate },
  profile_change: { claim: WORKBENCH.claimProfileChange, release: WORKBENCH.releaseProfileChange },
};

/**
 * Who works on an item of a queue: Claim it, or release one's own claim; another administrator's
 * claim is named (claiming is advisory: the checklist stays usable). `id` is what the item's
 * administrators' routes take: a listing's or an update's app, a profile change's own id.
 */
export function ClaimControl({
  of = "listing",
  id,
  subject,
  claim,
}: {
  of?: keyof typeof OPERATIONS;
  id: string;
  subject: string;
  claim: ClaimResource | null;
}) {
  const params = { id };
  const take = useApiAction(() => callOf(OPERATIONS[of].claim, { params }), {
    announce: `You claimed ${subject} for 30 minutes. Other administrators see it is yours.`,
  });
  const release = useApiAction(() => callOf(OPERATIONS[of].release, { params }), { announce: `You released ${subject}.` });
  const held = claim && !claim.mine;
  return (
    <div className="space-y-2 text-sm" data-testid="claim-control">
      {held ? (
        <p className="font-medium text-amber-900">
          Claimed by {claim.claimedBy.name ?? claim.claimedBy.email} ({claim.claimedBy.email}) until {until(claim.expiresAt)}
        </p>
      ) : null}
      {claim?.mine ? <p className="font-medium text-emerald-800">You claimed it, until {until(claim.expiresAt)}.</p> : null}
      <div className="flex flex-wrap gap-2">
        {!held ? (
          <Button type="button" variant="secondary" onClick={() => take.mutate()} disabled={take.isPending}>
            {claim?.mine ? "Renew claim" : "Claim"}
          </Button>
        ) : null}
        {claim?.mine ? (
          <Button type="button" variant="secondary" onClick={() => release.mutate()} disabled={release.isPending}>
            Release
          </Button>
        ) : null}
      </div>
      <ActionError error={take.error ?? release.error} />
    </div>
  );
}
