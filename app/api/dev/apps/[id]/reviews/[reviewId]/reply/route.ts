import { withDeveloper } from "@/lib/http/with-developer";
import { json, noContent, otherMethods, readBody } from "@/lib/http";
import { createReply, deleteReply, updateReply } from "@/lib/reviews/replies";
import { replyView } from "@/lib/reviews/views";
import { replyBody } from "@/lib/validation/review-replies";

type Params = { id: string; reviewId: string };

// POST /api/dev/apps/:id/reviews/:reviewId/reply — the publisher's one public reply; the reviewer is emailed.
export const POST = withDeveloper<Params>({ scope: "APP_UPDATE" }, async ({ developer, params, request }) => {
  const { body } = await readBody(request, replyBody);
  return json(replyView(await createReply({ developer, appId: params.id, reviewId: params.reviewId, body })), { status: 201 });
});

// PUT /api/dev/apps/:id/reviews/:reviewId/reply — change the reply.
export const PUT = withDeveloper<Params>({ scope: "APP_UPDATE" }, async ({ developer, params, request }) => {
  const { body } = await readBody(request, replyBody);
  return json(replyView(await updateReply({ developer, appId: params.id, reviewId: params.reviewId, body })));
});

// DELETE /api/dev/apps/:id/reviews/:reviewId/reply — remove the reply.
export const DELETE = withDeveloper<Params>({ scope: "APP_UPDATE" }, async ({ developer, params }) => {
  await deleteReply({ developer, appId: params.id, reviewId: params.reviewId });
  return noContent();
});

export const { GET, PATCH } = otherMethods(["POST", "PUT", "DELETE"]);
