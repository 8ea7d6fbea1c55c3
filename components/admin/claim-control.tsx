"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { WORKBENCH } from "@/lib/approval-queue/operations";
import type { ClaimResource } from "@/lib/approval-queue/schemas";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";

const until = (iso: string) => new Date(iso).toISOString().slice(11, 16) + " UTC";

/**
 * Who works on a listing of the queue: Claim it, or release one's own claim; another
 * administrator's claim is named (claiming is advisory: the checklist stays usable).
 */
export function ClaimControl({ appId, subject, claim }: { appId: string; subject: string; claim: ClaimResource | null }) {
  const params = { id: appId };
  const take = useApiAction(() => callOf(WORKBENCH.claimListing, { params }), {
    announce: `You claimed ${subject} for 30 minutes. Other administrators see it is yours.`,
  });
  const release = useApiAction(() => callOf(WORKBENCH.releaseListing, { params }), { announce: `You released ${subject}.` });
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
