"use client";

import { ConfirmButton } from "@/components/ui/confirm-button";
import { useApiAction } from "@/lib/client/use-api-action";
import { callOf } from "@/lib/client/operation-call";
import { API_KEYS } from "@/lib/api-keys/operations";

export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  const revoke = useApiAction(() => callOf(API_KEYS.revoke, { params: { id } }), {
    announce: `Key “${name}” is revoked: requests with it now fail.`,
    focus: "page-title",
  });
  return (
    <ConfirmButton
      label="Revoke"
      ariaLabel={`Revoke ${name}`}
      question={`Revoke “${name}”? Requests with it fail at once.`}
      confirmLabel="Revoke key"
      action={revoke}
    />
  );
}
