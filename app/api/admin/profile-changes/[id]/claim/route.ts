import { claimItem, releaseItem } from "@/lib/approval-queue/claims";
import { WORKBENCH } from "@/lib/approval-queue/operations";
import { claimView } from "@/lib/approval-queue/views";
import { json, noContent, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// POST /api/admin/profile-changes/:id/claim — claim a PENDING profile change (advisory; one administrator at a time).
export const { POST } = handle(WORKBENCH.claimProfileChange, async ({ admin, params }) =>
  json(claimView(await claimItem({ admin, queue: "profile_change", itemId: params.id }), admin)),
);

// DELETE /api/admin/profile-changes/:id/claim — give up one's own claim on it.
export const { DELETE } = handle(WORKBENCH.releaseProfileChange, async ({ admin, params }) => {
  await releaseItem({ admin, queue: "profile_change", itemId: params.id });
  return noContent();
});

export const { GET, PUT, PATCH } = otherMethods(["POST", "DELETE"]);
