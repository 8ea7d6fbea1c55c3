import { ROLES_THAT } from "@/lib/members/roles";
import { operationOf, scoped } from "@/lib/validation/operation";

import { queueStandingSchema } from "./schemas";

// The developer's view of the review queues: where a listing, an update or a profile change waiting
// for a decision stands. What each field means: lib/validation/operation.ts.

const HOW_MEASURED =
  "Position counts the queue's PENDING items submitted before this one (ties by id), as administrators work it. " +
  "The median and 90th percentile are measured by the database over the queue's decisions of the last 30 days " +
  "(audit log: each approval or rejection against the submission before it). 409 `invalid_state` when it is not PENDING.";

export const QUEUE_STANDING = {
  listing: operationOf(
    "Developer apps",
    "developer",
  )({
    method: "get",
    path: "/api/dev/apps/{id}/queue",
    operationId: "getAppQueueStanding",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "Where the PENDING listing stands in the review queue",
    description: HOW_MEASURED,
    success: { 200: { description: "Its standing", schema: queueStandingSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  update: operationOf(
    "App updates",
    "developer",
  )({
    method: "get",
    path: "/api/dev/apps/{id}/revision/queue",
    operationId: "getRevisionQueueStanding",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "Where the app's PENDING update stands in the review queue",
    description: `${HOW_MEASURED} 404 when the app has no open update.`,
    success: { 200: { description: "Its standing", schema: queueStandingSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  profileChange: operationOf(
    "Developer profile",
    "developer",
  )({
    method: "get",
    path: "/api/dev/me/profile-change/queue",
    operationId: "getProfileChangeQueueStanding",
    roles: ROLES_THAT.readListings,
    scope: null,
    summary: "Where the PENDING public profile change stands in the review queue",
    description: `${HOW_MEASURED} 404 when the developer never asked for a change.`,
    success: { 200: { description: "Its standing", schema: queueStandingSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
};
