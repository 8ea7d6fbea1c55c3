import { QUEUE_STANDING } from "@/lib/approval-queue/operations";
import { profileChangeStanding } from "@/lib/approval-queue/service";
import { queueStandingView } from "@/lib/approval-queue/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/me/profile-change/queue — where the developer's PENDING public profile change stands in the review queue.
export const { GET } = handle(QUEUE_STANDING.profileChange, async ({ developer }) =>
  json(queueStandingView(await profileChangeStanding({ developerId: developer.id }))),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);
