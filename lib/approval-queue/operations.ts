import { ROLES_THAT } from "@/lib/members/roles";
import { adminErrors, operationOf, scoped } from "@/lib/validation/operation";
import { listOf } from "@/lib/validation/shared";

import { claimSchema, queueStandingSchema, queueStatisticsSchema } from "./schemas";

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

const adminOperation = operationOf("Administration", "admin");

const CLAIMING =
  "Advisory: any administrator may still decide. Claiming again renews your own claim (30 minutes); another administrator's " +
  "claim that holds is 409 `conflict` naming who has it (of two claiming at once, exactly one wins). A claim lapses after 30 " +
  "minutes, and a decision, a withdrawal or a resubmission releases it. 409 `invalid_state` when the item is not PENDING.";
const RELEASING = "Gives up your own claim (204 also when you held none); another administrator's is 409 `conflict`.";

const claimOperations = <const Path extends string>(path: Path, what: string, id: string) => ({
  claim: adminOperation({
    method: "post",
    path,
    operationId: `adminClaim${id}`,
    summary: `Claim ${what} waiting for a decision`,
    description: CLAIMING,
    success: { 200: { description: "The claim", schema: claimSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", "conflict"],
  }),
  release: adminOperation({
    method: "delete",
    path,
    operationId: `adminRelease${id}`,
    summary: `Release your claim on ${what}`,
    description: RELEASING,
    success: { 204: { description: "Released" } },
    errors: [...adminErrors, "not_found", "conflict"],
  }),
});

const listingClaims = claimOperations("/api/admin/apps/{id}/claim", "a listing", "ListingClaim");
const updateClaims = claimOperations("/api/admin/apps/{id}/revision/claim", "an app's update", "UpdateClaim");
const profileChangeClaims = claimOperations("/api/admin/profile-changes/{id}/claim", "a profile change", "ProfileChangeClaim");

export const WORKBENCH = {
  claimListing: listingClaims.claim,
  releaseListing: listingClaims.release,
  claimUpdate: updateClaims.claim,
  releaseUpdate: updateClaims.release,
  claimProfileChange: profileChangeClaims.claim,
  releaseProfileChange: profileChangeClaims.release,
  claims: adminOperation({
    method: "get",
    path: "/api/admin/claims",
    operationId: "adminListClaims",
    summary: "Every claim that holds now, oldest first",
    success: { 200: { description: "The claims", schema: listOf(claimSchema) } },
    errors: adminErrors,
  }),
  statistics: adminOperation({
    method: "get",
    path: "/api/admin/queue-stats",
    operationId: "adminQueueStatistics",
    summary: "The review queues' figures: waiting, ages, ageing marks, decisions per day, times to a decision",
    description:
      "Per queue (listing, update, profile_change), measured now by the database: how many wait, since when the oldest, the median " +
      "and 90th percentile age of those waiting, how many are over 24 and over 48 hours old, approvals and rejections per UTC day " +
      "over the last 30 days, and the median and 90th percentile time to a decision over those 30 days (as developers see it).",
    success: { 200: { description: "The figures", schema: listOf(queueStatisticsSchema) } },
    errors: adminErrors,
  }),
};
