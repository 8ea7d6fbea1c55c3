"use client";

import { useRouter } from "next/navigation";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { callOf } from "@/lib/client/operation-call";
import { choosePublisher } from "@/lib/client/publisher-choice";
import { useApiAction } from "@/lib/client/use-api-action";
import { MEMBER_ROLE_LABELS } from "@/lib/core/enums";
import { TEAM } from "@/lib/members/operations";

/**
 * Accepts the invitation with the emailed token; the portal then works in the account joined (the
 * switcher's choice) and opens its overview. The API's refusals (another email, expired, already a
 * member) are shown as it words them.
 */
export function AcceptInvitationButton({ id, token }: { id: string; token: string }) {
  const router = useRouter();
  const accept = useApiAction(() => callOf(TEAM.accept, { params: { id }, body: { token } }), {
    onSuccess: (joined) => {
      choosePublisher(joined.id);
      router.push("/developer");
    },
    announce: (joined) => `You joined ${joined.name} as ${MEMBER_ROLE_LABELS[joined.role]}. The portal now works in it.`,
    focus: "page-title",
  });
  return (
    <div className="space-y-2">
      <Button onClick={() => accept.mutate()} disabled={accept.isPending || accept.isSuccess}>
        {accept.isPending || accept.isSuccess ? "Joining…" : "Accept the invitation"}
      </Button>
      <ActionError error={accept.error} />
    </div>
  );
}
