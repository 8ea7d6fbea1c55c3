import { json, otherMethods, paged } from "@/lib/http";
import { listPublisherReviews } from "@/lib/reviews/replies";
import { publisherReviewView } from "@/lib/reviews/views";
import { handle } from "@/lib/http/handle";
import { PUBLISHER_REVIEWS } from "@/lib/reviews/operations";

// GET /api/dev/apps/:id/reviews — the visible reviews of one of the caller's apps, newest first, with their replies.
export const { GET } = handle(PUBLISHER_REVIEWS.list, async ({ access, params, query: paging }) =>
  json(paged(await listPublisherReviews({ access, appId: params.id, paging }), publisherReviewView)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
