"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { announce, focusWhenShown } from "@/lib/client/announce";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import { WEBHOOKS } from "@/lib/webhooks/operations";

import { OneTimeKey } from "../api-keys/one-time-key";

/** Send a test event to one endpoint; it shows in the delivery log a moment later. */
export function SendTestEventButton({ id, url }: { id: string; url: string }) {
  const test = useApiAction(() => callOf(WEBHOOKS.test, { params: { id } }), {
    announce: () => `A test event is on its way to ${url}. Its delivery shows in the delivery log.`,
  });
  return (
    <div className="space-y-1">
      <Button variant="secondary" onClick={() => test.mutate(undefined)} disabled={test.isPending}>
        {test.isPending ? "Sending…" : "Send test event"}
      </Button>
      <ActionError error={test.error} />
    </div>
  );
}

/** A new signing secret, shown once; the old one keeps signing for 24 hours. */
export function RotateSecretButton({ id, url }: { id: string; url: string }) {
  const rotate = useApiAction(() => callOf(WEBHOOKS.rotateSecret, { params: { id } }), {
    announce: () => "The secret is rotated. Copy the new one now: the old one signs beside it for 24 hours.",
    focus: `webhook-secret-${id}`,
    refresh: false,
  });
  return (
    <div className="space-y-2">
      {rotate.data ? (
        <OneTimeKey
          name={url}
          value={rotate.data.secret}
          title={`The new signing secret of ${url}`}
          inputId={`webhook-secret-${id}`}
          label="Signing secret"
          onDismiss={() => {
            rotate.reset();
            announce("The new secret is hidden for good.");
            focusWhenShown("page-title");
          }}
        />
      ) : null}
      <Button variant="secondary" onClick={() => rotate.mutate(undefined)} disabled={rotate.isPending}>
        {rotate.isPending ? "Rotating…" : "Rotate secret"}
      </Button>
      <ActionError error={rotate.error} />
    </div>
  );
}
