import { withAdmin } from "@/lib/http/with-admin";
import { json, otherMethods, readBody } from "@/lib/http";
import { getModerationRow, restoreReviewPart } from "@/lib/reviews/moderation";
import { moderationView } from "@/lib/reviews/views";
import { restoreBody } from "@/lib/validation/admin";

// POST /api/admin/reviews/:id/restore — { part }: show a hidden review (back in the counters) or reply again.
export const POST = withAdmin<{ id: string }>(async ({ admin, params, request }) => {
  const { part } = await readBody(request, restoreBody, { optional: true });
  await restoreReviewPart({ actor: admin, reviewId: params.id, part });
  return json(moderationView(await getModerationRow(params.id)));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);
