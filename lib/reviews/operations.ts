import { ROLES_THAT } from "@/lib/members/roles";
import { adminErrors, adminListOperation, bodyErrors, operationOf, scoped } from "@/lib/validation/operation";
import { pagedListOf } from "@/lib/validation/shared";

import {
  hideBody,
  listReviewsQuery,
  moderationQuery,
  moderationReviewSchema,
  publicReviewSchema,
  publisherReviewSchema,
  publisherReviewsQuery,
  replyBody,
  reportBody,
  restoreBody,
  REVIEW_READ_ONLY_FIELDS,
  reviewBody,
  reviewReplySchema,
  reviewReportSchema,
} from "./schemas";

// The HTTP operations of customer reviews: the public's, the publisher's replies and the
// administrators' moderation. What each field means: lib/validation/operation.ts.

const adminOperation = operationOf("Administration", "admin");
const appOperation = operationOf("Developer apps", "developer");
const publicOperation = operationOf("Public marketplace", "public");
const signedInOperation = operationOf("Public marketplace", "yapture");

export const REVIEWS = {
  list: publicOperation({
    method: "get",
    path: "/api/apps/{slug}/reviews",
    operationId: "listReviews",
    limits: [{ policy: "publicRead", per: "client" }],
    summary: "Reviews of an app, newest first (or highest, lowest)",
    description:
      "Reviews a moderator hid are left out (and out of the app's counters). `verifiedInstall` marks a review written after its " +
      "author installed the app into one of their workspaces; `verified=true` lists only those, with the verified count as the total. " +
      "Each review carries the publisher's reply, if any.",
    query: listReviewsQuery,
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "One page of reviews", schema: pagedListOf(publicReviewSchema) },
    },
    errors: ["rate_limited", "not_found", "validation_failed", "service_unavailable"],
  }),
  write: signedInOperation({
    method: "post",
    path: "/api/apps/{slug}/reviews",
    operationId: "reviewApp",
    limits: [
      { policy: "reviewWrite", per: "person" },
      { policy: "reviewWriteClient", per: "client and slug" },
    ],
    summary: "Review an app",
    description:
      "One review per Yapture user and app: posting again replaces the earlier review (200). A review a moderator hid stays " +
      "hidden when it is replaced; the answer tells its author why (`hidden.reason`).",
    body: reviewBody,
    readOnlyFields: REVIEW_READ_ONLY_FIELDS,
    success: {
      201: { description: "Review created", schema: publicReviewSchema },
      200: { description: "Review replaced", schema: publicReviewSchema },
    },
    errors: ["unauthenticated", "forbidden", "not_found", "rate_limited", "service_unavailable", ...bodyErrors],
  }),
  delete: signedInOperation({
    method: "delete",
    path: "/api/apps/{slug}/reviews",
    operationId: "deleteOwnReview",
    limits: [{ policy: "reviewWrite", per: "person" }],
    summary: "Delete your own review of an app",
    description:
      "Removes the signed-in Yapture user's review and takes it out of the app's rating; 404 if they have none. A review a " +
      "moderator hid cannot be deleted (409 `invalid_state`): writing it again would make it visible.",
    success: { 204: { description: "Deleted" } },
    errors: ["unauthenticated", "forbidden", "not_found", "invalid_state", "rate_limited", "service_unavailable"],
  }),
  report: signedInOperation({
    method: "post",
    path: "/api/apps/{slug}/reviews/{reviewId}/reports",
    operationId: "reportReview",
    limits: [
      { policy: "reviewReport", per: "person" },
      { policy: "reviewReportClient", per: "client and slug" },
    ],
    summary: "Report a review, or the publisher's reply to it",
    description:
      "Once per person and part (a second report is 409 `conflict`); not your own review (403). A report hides nothing by " +
      "itself: it puts the review in the administrators' moderation queue. Hidden reviews and replies are 404.",
    body: reportBody,
    success: { 201: { description: "Reported", schema: reviewReportSchema } },
    errors: ["unauthenticated", "forbidden", "not_found", "conflict", "rate_limited", "service_unavailable", ...bodyErrors],
  }),
};

export const PUBLISHER_REVIEWS = {
  list: appOperation({
    method: "get",
    path: "/api/dev/apps/{id}/reviews",
    operationId: "listPublisherReviews",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "The visible reviews of one of your apps, newest first, with your replies",
    query: publisherReviewsQuery,
    success: { 200: { description: "One page", schema: pagedListOf(publisherReviewSchema) } },
    errors: [...scoped, "not_found", "validation_failed"],
  }),
  reply: appOperation({
    method: "post",
    path: "/api/dev/apps/{id}/reviews/{reviewId}/reply",
    operationId: "replyToReview",
    roles: ROLES_THAT.replyToReviews,
    scope: "APP_UPDATE",
    summary: "Reply publicly to a review of your app (the reviewer is emailed)",
    description: "One reply per review: a second is 409 `conflict` (change it with PUT). Reviews of other developers' apps are 404.",
    body: replyBody,
    success: { 201: { description: "Replied", schema: reviewReplySchema } },
    errors: [...scoped, "not_found", "conflict", ...bodyErrors],
  }),
  changeReply: appOperation({
    method: "put",
    path: "/api/dev/apps/{id}/reviews/{reviewId}/reply",
    operationId: "updateReviewReply",
    roles: ROLES_THAT.replyToReviews,
    scope: "APP_UPDATE",
    summary: "Change your reply to a review",
    description: "A reply a moderator hid stays hidden. 404 when there is no reply.",
    body: replyBody,
    success: { 200: { description: "Changed", schema: reviewReplySchema } },
    errors: [...scoped, "not_found", ...bodyErrors],
  }),
  deleteReply: appOperation({
    method: "delete",
    path: "/api/dev/apps/{id}/reviews/{reviewId}/reply",
    operationId: "deleteReviewReply",
    roles: ROLES_THAT.replyToReviews,
    scope: "APP_UPDATE",
    summary: "Delete your reply to a review",
    description: "A reply a moderator hid cannot be deleted (409 `invalid_state`); it can still be edited.",
    success: { 204: { description: "Deleted" } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
};

export const MODERATION = {
  list: adminListOperation(
    "/api/admin/reviews",
    "adminListReviewsToModerate",
    "Customer reviews to moderate: reported (most open reports first, then oldest) or hidden",
    { query: moderationQuery, item: moderationReviewSchema },
  ),
  hide: adminOperation({
    method: "post",
    path: "/api/admin/reviews/{id}/hide",
    operationId: "adminHideReview",
    summary: "Hide a customer review or its reply, with a reason its author is shown",
    description:
      "A hidden review leaves the public reads and the app's `reviewCount`, `averageRating` and rating histogram in the same " +
      "transaction; the open reports about it are closed. Already hidden: 409 `invalid_state`. Recorded in the audit log.",
    body: hideBody,
    success: { 200: { description: "Hidden", schema: moderationReviewSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  restore: adminOperation({
    method: "post",
    path: "/api/admin/reviews/{id}/restore",
    operationId: "adminRestoreReview",
    summary: "Show a hidden review (back in the app's counters) or reply again",
    description:
      "Restores the version the administrator read (`expectedUpdatedAt`): edited since, it is 409 `version_changed` and stays " +
      "hidden. Not hidden: 409 `invalid_state`. Recorded in the audit log.",
    body: restoreBody,
    success: { 200: { description: "Restored", schema: moderationReviewSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", "version_changed", ...bodyErrors],
  }),
  dismissReports: adminOperation({
    method: "post",
    path: "/api/admin/reviews/{id}/dismiss-reports",
    operationId: "adminDismissReviewReports",
    summary: "Close a review's open reports without hiding anything",
    success: { 200: { description: "Dismissed", schema: moderationReviewSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  }),
};
