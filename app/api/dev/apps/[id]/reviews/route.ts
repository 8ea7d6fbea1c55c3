import { withDeveloper } from "@/lib/http/with-developer";
import { json, otherMethods, paged, parseQuery } from "@/lib/http";
import { listPublisherReviews } from "@/lib/reviews/replies";
import { publisherReviewView } from "@/lib/reviews/views";
import { publisherReviewsQuery } from "@/lib/validation/review-replies";

// GET /api/dev/apps/:id/reviews — the visible reviews of one of the caller's apps, newest first, with their replies.
export const GET = withDeveloper<{ id: string }>({ scope: "APP_READ" }, async ({ developer, params, request }) => {
  const paging = parseQuery(request, publisherReviewsQuery);
  return json(paged(await listPublisherReviews({ developer, appId: params.id, paging }), publisherReviewView));
});

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
