import { QUEUE_STANDING } from "@/lib/approval-queue/operations";
import { listingStanding } from "@/lib/approval-queue/service";
import { queueStandingView } from "@/lib/approval-queue/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/apps/:id/queue — where the caller's PENDING listing stands in the review queue.
export const { GET } = handle(QUEUE_STANDING.listing, async ({ access, params }) =>
  json(queueStandingView(await listingStanding({ access, appId: params.id }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
