"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { useApiAction } from "@/lib/client/use-api-action";
import { callOf } from "@/lib/client/operation-call";
import { APP_UPDATES } from "@/lib/apps/operations";

/** Starts the app's next version: a draft copy of the live listing that only the developer sees. */
export function PrepareUpdateButton({ appId }: { appId: string }) {
  const prepare = useApiAction(() => callOf(APP_UPDATES.create, { params: { id: appId } }), {
    announce: "An update is prepared: edit it below, then submit it for review. The live listing is unchanged until then.",
    focus: "update-heading",
  });
  return (
    <div className="space-y-2">
      <Button onClick={() => prepare.mutate()} disabled={prepare.isPending}>
        {prepare.isPending ? "Preparing…" : "Prepare an update"}
      </Button>
      <ActionError error={prepare.error} />
    </div>
  );
}

/** Deletes the draft update; the live listing stays as it is. */
export function DiscardUpdateButton({ appId }: { appId: string }) {
  const discard = useApiAction(() => callOf(APP_UPDATES.discard, { params: { id: appId } }), {
    announce: "The update is discarded; the live listing is unchanged.",
    focus: "listing-status-heading",
  });
  return <ConfirmButton label="Discard update" question="Discard this update and its changes?" confirmLabel="Discard" action={discard} />;
}
