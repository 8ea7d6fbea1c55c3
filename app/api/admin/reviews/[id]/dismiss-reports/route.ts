import { json, otherMethods } from "@/lib/http";
import { dismissReports, getModerationRow } from "@/lib/reviews/moderation";
import { moderationView } from "@/lib/reviews/views";
import { handle } from "@/lib/http/handle";
import { MODERATION } from "@/lib/reviews/operations";

// POST /api/admin/reviews/:id/dismiss-reports — close the review's open reports without hiding anything.
export const { POST } = handle(MODERATION.dismissReports, async ({ admin, params }) => {
  await dismissReports({ actor: admin, reviewId: params.id });
  return json(moderationView(await getModerationRow(params.id)));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
