"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import { callOf } from "@/lib/client/operation-call";
import { PROFILE } from "@/lib/developers/operations";

/** Takes the profile change out of review; the public profile stays as it is. */
export function WithdrawProfileChangeButton() {
  const withdraw = useApiAction(() => callOf(PROFILE.withdrawChange), {
    announce: "Your profile change is withdrawn; your public profile is unchanged.",
    focus: "page-title",
  });
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => withdraw.mutate()} disabled={withdraw.isPending}>
        {withdraw.isPending ? "Withdrawing…" : "Withdraw the change"}
      </Button>
      <ActionError error={withdraw.error} />
    </div>
  );
}
