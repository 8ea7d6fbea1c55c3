"use client";

import { ConfirmButton } from "@/components/ui/confirm-button";
import { useApiAction } from "@/lib/client/use-api-action";

export function RevokeKeyButton({ id, name }: { id: string; name: string }) {
  const revoke = useApiAction(() => ({ path: `/api/dev/api-keys/${id}`, method: "DELETE" }), {
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
