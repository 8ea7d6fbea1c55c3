import { claimItem, openUpdateId, releaseItem } from "@/lib/approval-queue/claims";
import { WORKBENCH } from "@/lib/approval-queue/operations";
import { claimView } from "@/lib/approval-queue/views";
import { json, noContent, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// POST /api/admin/apps/:id/revision/claim — claim the app's PENDING update (advisory; one administrator at a time).
export const { POST } = handle(WORKBENCH.claimUpdate, async ({ admin, params }) =>
  json(claimView(await claimItem({ admin, queue: "update", itemId: await openUpdateId(params.id) }), admin)),
);

// DELETE /api/admin/apps/:id/revision/claim — give up one's own claim on it.
export const { DELETE } = handle(WORKBENCH.releaseUpdate, async ({ admin, params }) => {
  await releaseItem({ admin, queue: "update", itemId: await openUpdateId(params.id) });
  return noContent();
});

export const { GET, PUT, PATCH } = otherMethods(["POST", "DELETE"]);
