"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { APP_UPDATES, APPS } from "@/lib/apps/operations";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";

/** PENDING → DRAFT: takes a listing or an update out of the review queue so it can be edited again. */
export function WithdrawFromReviewButton({ appId, of }: { appId: string; of: "listing" | "update" }) {
  const isUpdate = of === "update";
  const params = { id: appId };
  const withdraw = useApiAction(() => (isUpdate ? callOf(APP_UPDATES.withdraw, { params }) : callOf(APPS.withdraw, { params })), {
    announce: `${isUpdate ? "The update is" : "The listing is"} withdrawn from review and can be edited again.`,
    focus: isUpdate ? "update-heading" : "listing-status-heading",
  });
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => withdraw.mutate()} disabled={withdraw.isPending}>
        {withdraw.isPending ? "Withdrawing…" : "Withdraw from review"}
      </Button>
      <ActionError error={withdraw.error} />
    </div>
  );
}
