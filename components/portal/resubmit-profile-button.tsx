"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { useApiAction } from "@/lib/client/use-api-action";
import { callOf } from "@/lib/client/operation-call";
import { PROFILE } from "@/lib/developers/operations";

/** A rejected developer, after fixing the profile, asks for another review (REJECTED → PENDING_VERIFICATION). */
export function ResubmitProfileButton() {
  const resubmit = useApiAction(() => callOf(PROFILE.resubmit), {
    announce: "Your profile is sent for verification again. You will get an email when an administrator decides.",
    focus: "page-title",
  });
  return (
    <div className="space-y-2">
      <Button onClick={() => resubmit.mutate()} disabled={resubmit.isPending}>
        {resubmit.isPending ? "Sending…" : "Ask for another review"}
      </Button>
      <ActionError error={resubmit.error} />
    </div>
  );
}
