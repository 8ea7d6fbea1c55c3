import { claimItem, releaseItem } from "@/lib/approval-queue/claims";
import { WORKBENCH } from "@/lib/approval-queue/operations";
import { claimView } from "@/lib/approval-queue/views";
import { json, noContent, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// POST /api/admin/apps/:id/claim — claim a PENDING listing (advisory; one administrator at a time).
export const { POST } = handle(WORKBENCH.claimListing, async ({ admin, params }) =>
  json(claimView(await claimItem({ admin, queue: "listing", itemId: params.id }), admin)),
);

// DELETE /api/admin/apps/:id/claim — give up one's own claim on it.
export const { DELETE } = handle(WORKBENCH.releaseListing, async ({ admin, params }) => {
  await releaseItem({ admin, queue: "listing", itemId: params.id });
  return noContent();
});

export const { GET, PUT, PATCH } = otherMethods(["POST", "DELETE"]);
