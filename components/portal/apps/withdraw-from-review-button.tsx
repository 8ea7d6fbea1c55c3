"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";

/** PENDING → DRAFT: takes the listing out of the review queue so it can be edited again. */
export function WithdrawFromReviewButton({ appId }: { appId: string }) {
  const withdraw = useApiAction(() => ({ path: `/api/dev/apps/${appId}/withdraw`, method: "POST" }));
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => withdraw.mutate()} disabled={withdraw.isPending}>
        {withdraw.isPending ? "Withdrawing…" : "Withdraw from review"}
      </Button>
      <ActionError error={withdraw.error} />
    </div>
  );
}
