import { json, otherMethods, paged } from "@/lib/http";
import { listModerationQueue } from "@/lib/reviews/moderation";
import { moderationView } from "@/lib/reviews/views";
import { handle } from "@/lib/http/handle";
import { MODERATION } from "@/lib/reviews/operations";

// GET /api/admin/reviews — customer reviews to moderate: reported (most open reports first) or hidden.
export const { GET } = handle(MODERATION.list, async ({ query: { queue, ...paging } }) =>
  json(paged(await listModerationQueue({ queue, paging }), moderationView)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
