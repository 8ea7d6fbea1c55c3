"use client";

import { ConfirmButton } from "@/components/ui/confirm-button";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import { TEAM } from "@/lib/members/operations";

/** Revokes an open invitation: its link stops working at once. */
export function RevokeInvitationButton({ id, email }: { id: string; email: string }) {
  const revoke = useApiAction(() => callOf(TEAM.revokeInvitation, { params: { id } }), {
    announce: `The invitation of ${email} is revoked: its link no longer works.`,
    focus: "invitations-heading",
  });
  return (
    <ConfirmButton
      label="Revoke"
      ariaLabel={`Revoke the invitation of ${email}`}
      question={`Revoke the invitation of ${email}? Its link stops working.`}
      confirmLabel="Revoke invitation"
      action={revoke}
    />
  );
}
