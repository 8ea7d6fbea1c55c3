import type { z } from "zod";

import type { ApiKeyScope } from "@/lib/core/enums";
import type { ErrorCode } from "@/lib/core/errors";
import * as admin from "@/lib/validation/admin";
import { createApiKeyBody } from "@/lib/validation/api-keys";
import { createAppBody, listMyAppsQuery, revisionBody, updateAppBody } from "@/lib/validation/apps";
import { registerDeveloperBody, updateDeveloperBody } from "@/lib/validation/developers";
import { featuredAppsQuery, installBody, listAppsQuery, listReviewsQuery, reportBody, reviewBody } from "@/lib/validation/public";
import { publisherReviewsQuery, replyBody } from "@/lib/validation/review-replies";
import * as r from "@/lib/validation/responses";

// Every operation of the HTTP API, described once. The OpenAPI document is generated from this
// list, and the contract test checks it against the route files and their responses.

type Caller = "public" | "developer" | "yapture" | "admin";
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  operationId: string;
  tag: "Public marketplace" | "Developer profile" | "API keys" | "Developer apps" | "App updates" | "Administration" | "Service";
  summary: string;
  description?: string;
  caller: Caller;
  /** API-key scope the endpoint needs (tokens and sessions carry every scope); `null`: any valid key. */
  scope?: ApiKeyScope | null;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyOptional?: boolean;
  success: Record<number, { description: string; schema?: z.ZodType }>;
  errors: ErrorCode[];
  cache?: string;
};

const devAuthErrors: ErrorCode[] = [
  "unauthenticated",
  "not_found", // a Yapture token or session of an account that has no developer profile
  "api_key_expired",
  "api_key_revoked",
  "developer_suspended",
  "developer_rejected",
  "rate_limited",
  "service_unavailable",
];
const scoped: ErrorCode[] = [...devAuthErrors, "insufficient_scope", "developer_not_verified"];
const adminErrors: ErrorCode[] = ["unauthenticated", "forbidden", "rate_limited", "service_unavailable"];
const bodyErrors: ErrorCode[] = ["invalid_json", "validation_failed", "payload_too_large", "unsupported_media_type"];
/** What `expectedUpdatedAt` does on the review decisions. */
const VERSION_PRECONDITION =
  "the decision applies only to the version you reviewed. If the developer changed it since (withdrew, edited and resubmitted), " +
  "the answer is 409 `invalid_state`, it stays PENDING, and nothing is emailed or recorded. Strongly recommended; without it " +
  "the current version is decided. A value that is not an ISO 8601 time with milliseconds in UTC (as the API shows `updatedAt`) " +
  "is 400 `validation_failed` naming `expectedUpdatedAt`.";

export const OPERATIONS: Operation[] = [
  // Service
  {
    method: "get",
    path: "/api/health",
    operationId: "health",
    tag: "Service",
    summary: "The process is up",
    caller: "public",
    success: { 200: { description: "Up", schema: r.healthSchema } },
    errors: [],
  },
  {
    method: "get",
    path: "/api/ready",
    operationId: "ready",
    tag: "Service",
    summary: "The database is reachable and migrated",
    caller: "public",
    success: { 200: { description: "Ready", schema: r.readySchema } },
    errors: ["service_unavailable"],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "openapi",
    tag: "Service",
    summary: "This OpenAPI document",
    caller: "public",
    success: { 304: { description: "Not modified: If-None-Match matched the ETag" }, 200: { description: "OpenAPI 3.1 document" } },
    errors: [],
  },

  // Public marketplace
  {
    method: "get",
    path: "/api/apps",
    operationId: "listApps",
    tag: "Public marketplace",
    caller: "public",
    summary: "Browse and search approved apps",
    description: "Filters combine with AND. Ties in every sort order are broken by a stable key, so pages never overlap.",
    query: listAppsQuery,
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "One page of apps", schema: r.publicAppsPageSchema },
    },
    errors: ["rate_limited", "validation_failed", "service_unavailable"],
  },
  {
    method: "get",
    path: "/api/apps/featured/list",
    operationId: "listFeaturedApps",
    tag: "Public marketplace",
    caller: "public",
    summary: "Featured apps",
    query: featuredAppsQuery,
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "Featured apps", schema: r.listOf(r.publicAppSchema) },
    },
    errors: ["rate_limited", "validation_failed", "service_unavailable"],
  },
  {
    method: "get",
    path: "/api/apps/categories/list",
    operationId: "listCategories",
    tag: "Public marketplace",
    caller: "public",
    summary: "All ten categories with counts of approved apps",
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "Categories in the specification's order", schema: r.listOf(r.categoryCountSchema) },
    },
    errors: ["rate_limited", "service_unavailable"],
  },
  {
    method: "get",
    path: "/api/apps/{slug}",
    operationId: "getApp",
    tag: "Public marketplace",
    caller: "public",
    summary: "One approved app by its slug",
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "The app", schema: r.publicAppSchema },
    },
    errors: ["rate_limited", "not_found", "service_unavailable"],
  },
  {
    method: "post",
    path: "/api/apps/{slug}/install",
    operationId: "installApp",
    tag: "Public marketplace",
    caller: "public",
    summary: "Record an installation",
    description:
      "A workspace counts once per app: the first install answers 201, repeats 200. " +
      "Without `workspaceId` an anonymous install counts once per client, app and UTC day (repeats: 200 with the unchanged count); " +
      "a client is its IPv4 address or its IPv6 /64. The body is optional: none at all (also without `Content-Length`) is an anonymous install. " +
      "A `workspaceId` needs a Yapture access token or the site's session of a member of that workspace: without credentials it is " +
      "401 `unauthenticated`; sent with them, the install is the person's, `workspaceId` is required and must be one of their Yapture " +
      "workspaces (the `workspaces` claim); another is 403 `forbidden`, an API key 403 too.",
    body: installBody,
    bodyOptional: true,
    success: {
      201: { description: "Installed", schema: r.installResultSchema },
      200: { description: "Already installed in this workspace", schema: r.installResultSchema },
    },
    errors: ["unauthenticated", "forbidden", "not_found", "rate_limited", "service_unavailable", ...bodyErrors],
  },
  {
    method: "get",
    path: "/api/apps/{slug}/reviews",
    operationId: "listReviews",
    tag: "Public marketplace",
    caller: "public",
    summary: "Reviews of an app, newest first (or highest, lowest)",
    description:
      "Reviews a moderator hid are left out (and out of the app's counters). `verifiedInstall` marks a review written after its " +
      "author installed the app into one of their workspaces; `verified=true` lists only those, with the verified count as the total. " +
      "Each review carries the publisher's reply, if any.",
    query: listReviewsQuery,
    success: {
      304: { description: "Not modified: If-None-Match matched the ETag" },
      200: { description: "One page of reviews", schema: r.pagedListOf(r.publicReviewSchema) },
    },
    errors: ["rate_limited", "not_found", "validation_failed", "service_unavailable"],
  },
  {
    method: "post",
    path: "/api/apps/{slug}/reviews",
    operationId: "reviewApp",
    tag: "Public marketplace",
    caller: "yapture",
    summary: "Review an app",
    description:
      "One review per Yapture user and app: posting again replaces the earlier review (200). A review a moderator hid stays " +
      "hidden when it is replaced; the answer tells its author why (`hidden.reason`).",
    body: reviewBody,
    success: {
      201: { description: "Review created", schema: r.publicReviewSchema },
      200: { description: "Review replaced", schema: r.publicReviewSchema },
    },
    errors: ["unauthenticated", "forbidden", "not_found", "rate_limited", "service_unavailable", ...bodyErrors],
  },
  {
    method: "delete",
    path: "/api/apps/{slug}/reviews",
    operationId: "deleteOwnReview",
    tag: "Public marketplace",
    caller: "yapture",
    summary: "Delete your own review of an app",
    description:
      "Removes the signed-in Yapture user's review and takes it out of the app's rating; 404 if they have none. A review a " +
      "moderator hid cannot be deleted (409 `invalid_state`): writing it again would make it visible.",
    success: { 204: { description: "Deleted" } },
    errors: ["unauthenticated", "forbidden", "not_found", "invalid_state", "rate_limited", "service_unavailable"],
  },
  {
    method: "post",
    path: "/api/apps/{slug}/reviews/{reviewId}/reports",
    operationId: "reportReview",
    tag: "Public marketplace",
    caller: "yapture",
    summary: "Report a review, or the publisher's reply to it",
    description:
      "Once per person and part (a second report is 409 `conflict`); not your own review (403). A report hides nothing by " +
      "itself: it puts the review in the administrators' moderation queue. Hidden reviews and replies are 404.",
    body: reportBody,
    success: { 201: { description: "Reported", schema: r.reviewReportSchema } },
    errors: ["unauthenticated", "forbidden", "not_found", "conflict", "rate_limited", "service_unavailable", ...bodyErrors],
  },

  // Developer profile
  {
    method: "post",
    path: "/api/dev/register",
    operationId: "registerDeveloper",
    tag: "Developer profile",
    caller: "yapture",
    summary: "Register the signed-in Yapture user as a developer",
    description:
      "The new profile waits for an administrator's verification (`PENDING_VERIFICATION`). " +
      "Its email is the Yapture account's verified email: an unverified one is 403 `email_unverified`, a different `email` in the body 400.",
    body: registerDeveloperBody,
    success: { 201: { description: "Registered", schema: r.developerProfileSchema } },
    errors: [
      "unauthenticated",
      "forbidden",
      "email_unverified",
      "already_registered",
      "rate_limited",
      "service_unavailable",
      ...bodyErrors,
    ],
  },
  {
    method: "get",
    path: "/api/dev/me",
    operationId: "getProfile",
    tag: "Developer profile",
    caller: "developer",
    scope: null,
    summary: "The caller's developer profile",
    success: { 200: { description: "Profile", schema: r.developerProfileSchema } },
    errors: [...devAuthErrors, "not_found"],
  },
  {
    method: "put",
    path: "/api/dev/me",
    operationId: "updateProfile",
    tag: "Developer profile",
    caller: "developer",
    scope: null,
    summary: "Update the profile (partial)",
    description:
      "The email is the Yapture account's and follows it; sending a different one is 400. " +
      "A rejected owner signed in with Yapture may still edit the profile (to ask for another review); a suspended one may only read it. " +
      "The public profile (`name`, `companyName`, `websiteUrl`, `bio`) of a VERIFIED developer changes through review: the answer's " +
      "`profileChange` holds the change (PENDING) while the marketplace keeps showing the verified values until an administrator " +
      "approves it; a new change replaces a pending one, and one equal to the public profile withdraws it. Before verification the " +
      "profile is edited in place. Only a person signed in with Yapture (access token or portal session) may change the public " +
      "profile: an API key, whatever its scopes, gets 403 `forbidden` naming the fields (repeating the current values is accepted).",
    body: updateDeveloperBody,
    success: { 200: { description: "The profile, with any change waiting for review", schema: r.developerProfileSchema } },
    errors: [...devAuthErrors, "not_found", "forbidden", ...bodyErrors],
  },
  {
    method: "patch",
    path: "/api/dev/me",
    operationId: "patchProfile",
    tag: "Developer profile",
    caller: "developer",
    scope: null,
    summary: "Alias of PUT",
    body: updateDeveloperBody,
    success: { 200: { description: "The profile, with any change waiting for review", schema: r.developerProfileSchema } },
    errors: [...devAuthErrors, "not_found", "forbidden", ...bodyErrors],
  },
  {
    method: "delete",
    path: "/api/dev/me/profile-change",
    operationId: "withdrawProfileChange",
    tag: "Developer profile",
    caller: "developer",
    scope: null,
    summary: "Withdraw the profile change waiting for review",
    description:
      "The public profile stays as it is. 404 when the developer never asked for a change, 409 `invalid_state` when the latest one is " +
      "no longer pending (approved meanwhile, rejected, withdrawn). A person signed in with Yapture only: an API key gets 403 `forbidden`.",
    success: { 204: { description: "Withdrawn" } },
    errors: [...devAuthErrors, "developer_not_verified", "not_found", "forbidden", "invalid_state"],
  },
  {
    method: "post",
    path: "/api/dev/me/resubmit",
    operationId: "resubmitProfile",
    tag: "Developer profile",
    caller: "developer",
    scope: null,
    summary: "Ask for another review after a rejection",
    description:
      "REJECTED → PENDING_VERIFICATION: after correcting the profile, a rejected developer goes back into the verification queue, " +
      "marked as resubmitted. 409 `invalid_state` in any other status.",
    success: { 200: { description: "Profile, now PENDING_VERIFICATION", schema: r.developerProfileSchema } },
    errors: [...devAuthErrors, "not_found", "invalid_state"],
  },

  // API keys
  {
    method: "get",
    path: "/api/dev/api-keys",
    operationId: "listApiKeys",
    tag: "API keys",
    caller: "developer",
    scope: null,
    summary: "The caller's keys, masked, newest first",
    success: { 200: { description: "Keys", schema: r.listOf(r.apiKeySchema) } },
    errors: scoped,
  },
  {
    method: "post",
    path: "/api/dev/api-keys",
    operationId: "createApiKey",
    tag: "API keys",
    caller: "developer",
    scope: null,
    summary: "Create a key (shown in full once)",
    description:
      "With an API key, only a subset of that key's own scopes can be granted, " +
      "and the new key expires no later than the calling key (`expiresAt` shows the effective expiry).",
    body: createApiKeyBody,
    success: { 201: { description: "The new key", schema: r.createdApiKeySchema } },
    errors: [...scoped, "conflict", ...bodyErrors],
  },
  {
    method: "delete",
    path: "/api/dev/api-keys/{id}",
    operationId: "revokeApiKey",
    tag: "API keys",
    caller: "developer",
    scope: null,
    summary: "Revoke a key and every key created with it, at once",
    description: "With an API key, only that key and the keys created through it can be revoked (another key: 403 `forbidden`).",
    success: { 204: { description: "Revoked" } },
    errors: [...scoped, "forbidden", "not_found"],
  },

  // Developer apps
  {
    method: "get",
    path: "/api/dev/apps",
    operationId: "listMyApps",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_READ",
    summary: "The caller's listings, newest first",
    query: listMyAppsQuery,
    success: { 200: { description: "One page of listings", schema: r.pagedListOf(r.developerAppSchema) } },
    errors: [...scoped, "validation_failed"],
  },
  {
    method: "post",
    path: "/api/dev/apps",
    operationId: "createApp",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_CREATE",
    summary: "Create a listing in DRAFT",
    body: createAppBody,
    success: { 201: { description: "Created", schema: r.developerAppSchema } },
    errors: [...scoped, "conflict", ...bodyErrors],
  },
  {
    method: "get",
    path: "/api/dev/apps/{id}",
    operationId: "getMyApp",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_READ",
    summary: "One of the caller's listings",
    success: { 200: { description: "The listing", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found"],
  },
  {
    method: "put",
    path: "/api/dev/apps/{id}",
    operationId: "updateApp",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Update a DRAFT or REJECTED listing (partial)",
    body: updateAppBody,
    success: { 200: { description: "Updated", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "patch",
    path: "/api/dev/apps/{id}",
    operationId: "patchApp",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Alias of PUT",
    body: updateAppBody,
    success: { 200: { description: "Updated", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "delete",
    path: "/api/dev/apps/{id}",
    operationId: "deleteApp",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_DELETE",
    summary: "Delete a listing that is not approved",
    success: { 204: { description: "Deleted" } },
    errors: [...scoped, "not_found", "invalid_state"],
  },
  {
    method: "post",
    path: "/api/dev/apps/{id}/submit",
    operationId: "submitApp",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Submit for review",
    description:
      "Every image is fetched and checked first (PNG or JPEG; logo square ≥ 512×512, banner 1200×600, screenshots ≥ 1280×720; " +
      "none over 8192 pixels a side or 40 megapixels); " +
      "all failures come back in one `asset_invalid`.",
    success: { 200: { description: "Now PENDING", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", "asset_invalid"],
  },
  {
    method: "post",
    path: "/api/dev/apps/{id}/withdraw",
    operationId: "withdrawApp",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Withdraw from review",
    description: "Takes a PENDING listing out of the review queue, back to DRAFT, where it can be edited and submitted again.",
    success: { 200: { description: "Now DRAFT", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  },
  {
    method: "get",
    path: "/api/dev/apps/{id}/analytics",
    operationId: "getAppAnalytics",
    tag: "Developer apps",
    caller: "developer",
    scope: "ANALYTICS_READ",
    summary: "Counters and installs per day (30 days)",
    success: { 200: { description: "Analytics", schema: r.analyticsSchema } },
    errors: [...scoped, "not_found"],
  },

  {
    method: "get",
    path: "/api/dev/apps/{id}/reviews",
    operationId: "listPublisherReviews",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_READ",
    summary: "The visible reviews of one of your apps, newest first, with your replies",
    query: publisherReviewsQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.publisherReviewSchema) } },
    errors: [...scoped, "not_found", "validation_failed"],
  },
  {
    method: "post",
    path: "/api/dev/apps/{id}/reviews/{reviewId}/reply",
    operationId: "replyToReview",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Reply publicly to a review of your app (the reviewer is emailed)",
    description: "One reply per review: a second is 409 `conflict` (change it with PUT). Reviews of other developers' apps are 404.",
    body: replyBody,
    success: { 201: { description: "Replied", schema: r.reviewReplySchema } },
    errors: [...scoped, "not_found", "conflict", ...bodyErrors],
  },
  {
    method: "put",
    path: "/api/dev/apps/{id}/reviews/{reviewId}/reply",
    operationId: "updateReviewReply",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Change your reply to a review",
    description: "A reply a moderator hid stays hidden. 404 when there is no reply.",
    body: replyBody,
    success: { 200: { description: "Changed", schema: r.reviewReplySchema } },
    errors: [...scoped, "not_found", ...bodyErrors],
  },
  {
    method: "delete",
    path: "/api/dev/apps/{id}/reviews/{reviewId}/reply",
    operationId: "deleteReviewReply",
    tag: "Developer apps",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Delete your reply to a review",
    description: "A reply a moderator hid cannot be deleted (409 `invalid_state`); it can still be edited.",
    success: { 204: { description: "Deleted" } },
    errors: [...scoped, "not_found", "invalid_state"],
  },

  // Updates of live apps
  {
    method: "post",
    path: "/api/dev/apps/{id}/revision",
    operationId: "createRevision",
    tag: "App updates",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Start an update of an APPROVED or UNPUBLISHED app",
    description:
      "Creates the app's draft revision: a copy of the live listing's fields with the body's changes applied (the body is optional). " +
      "The live listing stays public and unchanged until an administrator approves the revision. One open revision per app: " +
      "a second is 409 `invalid_state` naming the first. `environment` and `slug` cannot change.",
    body: revisionBody,
    bodyOptional: true,
    success: { 201: { description: "The draft revision", schema: r.revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "get",
    path: "/api/dev/apps/{id}/revision",
    operationId: "getRevision",
    tag: "App updates",
    caller: "developer",
    scope: "APP_READ",
    summary: "The app's open revision, with its changes against the live version",
    success: { 200: { description: "The revision", schema: r.revisionSchema } },
    errors: [...scoped, "not_found"],
  },
  ...(["put", "patch"] as const).map((method): Operation => ({
    method,
    path: "/api/dev/apps/{id}/revision",
    operationId: method === "put" ? "updateRevision" : "patchRevision",
    tag: "App updates",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: method === "put" ? "Edit a DRAFT or REJECTED revision (partial)" : "Alias of PUT",
    body: revisionBody,
    success: { 200: { description: "Updated", schema: r.revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  })),
  {
    method: "delete",
    path: "/api/dev/apps/{id}/revision",
    operationId: "discardRevision",
    tag: "App updates",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Discard a DRAFT or REJECTED revision",
    success: { 204: { description: "Discarded; the live listing is unchanged" } },
    errors: [...scoped, "not_found", "invalid_state"],
  },
  {
    method: "post",
    path: "/api/dev/apps/{id}/revision/submit",
    operationId: "submitRevision",
    tag: "App updates",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Submit the revision for review",
    description:
      "Requires `notes` (what changed). Every image is checked as on a first submission; all failures come back in one `asset_invalid`.",
    success: { 200: { description: "Now PENDING", schema: r.revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state", "validation_failed", "asset_invalid"],
  },
  {
    method: "post",
    path: "/api/dev/apps/{id}/revision/withdraw",
    operationId: "withdrawRevision",
    tag: "App updates",
    caller: "developer",
    scope: "APP_UPDATE",
    summary: "Take a PENDING revision out of review, back to DRAFT",
    success: { 200: { description: "Now DRAFT", schema: r.revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  },

  // Administration
  {
    method: "get",
    path: "/api/admin/developers",
    operationId: "adminListDevelopers",
    tag: "Administration",
    caller: "admin",
    summary: "Developers, oldest first",
    query: admin.adminDevelopersQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.adminDeveloperSchema) } },
    errors: [...adminErrors, "validation_failed"],
  },
  ...(["verify", "reinstate"] as const).map((action): Operation => ({
    method: "post",
    path: `/api/admin/developers/{id}/${action}`,
    operationId: `adminDeveloper${action[0]!.toUpperCase()}${action.slice(1)}`,
    tag: "Administration",
    caller: "admin",
    summary: action === "verify" ? "Verify a developer (email sent)" : "Reinstate a suspended developer",
    success: { 200: { description: "Updated", schema: r.adminDeveloperSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  })),
  ...(["reject", "suspend"] as const).map((action): Operation => ({
    method: "post",
    path: `/api/admin/developers/{id}/${action}`,
    operationId: `adminDeveloper${action[0]!.toUpperCase()}${action.slice(1)}`,
    tag: "Administration",
    caller: "admin",
    summary:
      action === "reject"
        ? "Reject a developer with a reason (email sent)"
        : "Suspend a developer: keys stop working, apps leave the marketplace",
    body: admin.reasonBody,
    success: { 200: { description: "Updated", schema: r.adminDeveloperSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  })),
  {
    method: "get",
    path: "/api/admin/profile-changes",
    operationId: "adminListProfileChanges",
    tag: "Administration",
    caller: "admin",
    summary: "Verified developers' profile changes by status (default PENDING, oldest first)",
    query: admin.adminProfileChangesQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.adminProfileChangeSchema) } },
    errors: [...adminErrors, "validation_failed"],
  },
  {
    method: "post",
    path: "/api/admin/profile-changes/{id}/approve",
    operationId: "adminApproveProfileChange",
    tag: "Administration",
    caller: "admin",
    summary: "Approve a pending profile change: public at once (email sent)",
    description:
      "A pending change is never edited (a newer one replaces it under a new id), so the id approves exactly the change that was read; " +
      "a withdrawn, replaced or already decided one is 409 `invalid_state`.",
    success: { 200: { description: "Approved", schema: r.adminProfileChangeSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  },
  {
    method: "post",
    path: "/api/admin/profile-changes/{id}/reject",
    operationId: "adminRejectProfileChange",
    tag: "Administration",
    caller: "admin",
    summary: "Reject a pending profile change with a reason; the public profile stays (email sent)",
    body: admin.reasonBody,
    success: { 200: { description: "Rejected", schema: r.adminProfileChangeSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "get",
    path: "/api/admin/apps",
    operationId: "adminListApps",
    tag: "Administration",
    caller: "admin",
    summary: "Listings by status (default PENDING, oldest first)",
    query: admin.adminAppsQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.adminAppSchema) } },
    errors: [...adminErrors, "validation_failed"],
  },
  {
    method: "get",
    path: "/api/admin/apps/{id}",
    operationId: "adminGetApp",
    tag: "Administration",
    caller: "admin",
    summary: "One listing in any state",
    success: { 200: { description: "The listing", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found"],
  },
  {
    method: "post",
    path: "/api/admin/apps/{id}/approve",
    operationId: "adminApproveApp",
    tag: "Administration",
    caller: "admin",
    summary: "Approve a pending listing (public at once, email sent)",
    description: `Send the listing's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: admin.approveBody,
    bodyOptional: true,
    success: { 200: { description: "Approved", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "post",
    path: "/api/admin/apps/{id}/reject",
    operationId: "adminRejectApp",
    tag: "Administration",
    caller: "admin",
    summary: "Reject a pending listing with reasons per criterion (email sent)",
    description: `Send the listing's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: admin.rejectAppBody,
    success: { 200: { description: "Rejected", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "post",
    path: "/api/admin/apps/{id}/feature",
    operationId: "adminFeatureApp",
    tag: "Administration",
    caller: "admin",
    summary: "Feature or unfeature an approved app",
    body: admin.featureBody,
    success: { 200: { description: "Updated", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "post",
    path: "/api/admin/apps/{id}/unpublish",
    operationId: "adminUnpublishApp",
    tag: "Administration",
    caller: "admin",
    summary: "Take an approved app off the marketplace",
    body: admin.reasonBody,
    success: { 200: { description: "Unpublished", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "post",
    path: "/api/admin/apps/{id}/republish",
    operationId: "adminRepublishApp",
    tag: "Administration",
    caller: "admin",
    summary: "Put an unpublished app back",
    success: { 200: { description: "Approved again", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  },
  {
    method: "get",
    path: "/api/admin/reviews",
    operationId: "adminListReviewsToModerate",
    tag: "Administration",
    caller: "admin",
    summary: "Customer reviews to moderate: reported (most open reports first, then oldest) or hidden",
    query: admin.moderationQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.moderationReviewSchema) } },
    errors: [...adminErrors, "validation_failed"],
  },
  {
    method: "post",
    path: "/api/admin/reviews/{id}/hide",
    operationId: "adminHideReview",
    tag: "Administration",
    caller: "admin",
    summary: "Hide a customer review or its reply, with a reason its author is shown",
    description:
      "A hidden review leaves the public reads and the app's `reviewCount`, `averageRating` and rating histogram in the same " +
      "transaction; the open reports about it are closed. Already hidden: 409 `invalid_state`. Recorded in the audit log.",
    body: admin.hideBody,
    success: { 200: { description: "Hidden", schema: r.moderationReviewSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "post",
    path: "/api/admin/reviews/{id}/restore",
    operationId: "adminRestoreReview",
    tag: "Administration",
    caller: "admin",
    summary: "Show a hidden review (back in the app's counters) or reply again",
    body: admin.restoreBody,
    bodyOptional: true,
    success: { 200: { description: "Restored", schema: r.moderationReviewSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "post",
    path: "/api/admin/reviews/{id}/dismiss-reports",
    operationId: "adminDismissReviewReports",
    tag: "Administration",
    caller: "admin",
    summary: "Close a review's open reports without hiding anything",
    success: { 200: { description: "Dismissed", schema: r.moderationReviewSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  },
  {
    method: "get",
    path: "/api/admin/revisions",
    operationId: "adminListRevisions",
    tag: "Administration",
    caller: "admin",
    summary: "Updates of live apps by status (default PENDING, oldest first)",
    query: admin.adminRevisionsQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.adminRevisionSchema) } },
    errors: [...adminErrors, "validation_failed"],
  },
  {
    method: "get",
    path: "/api/admin/apps/{id}/revision",
    operationId: "adminGetRevision",
    tag: "Administration",
    caller: "admin",
    summary: "The app's open update with a field-by-field diff against the live version",
    success: { 200: { description: "The revision", schema: r.adminRevisionSchema } },
    errors: [...adminErrors, "not_found"],
  },
  {
    method: "post",
    path: "/api/admin/apps/{id}/revision/approve",
    operationId: "adminApproveRevision",
    tag: "Administration",
    caller: "admin",
    summary: "Approve a pending update: it replaces the live listing as the next version (email sent)",
    description:
      "In one transaction: the live fields and screenshots become the revision's, `version` goes up by one and the changelog gets " +
      "the revision's notes; slug, installs and reviews stay. An UNPUBLISHED app stays unpublished until republished. " +
      `Send the revision's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: admin.approveBody,
    bodyOptional: true,
    success: { 200: { description: "Approved", schema: r.adminRevisionSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "post",
    path: "/api/admin/apps/{id}/revision/reject",
    operationId: "adminRejectRevision",
    tag: "Administration",
    caller: "admin",
    summary: "Reject a pending update with reasons per criterion; the live version stays (email sent)",
    description: `Send the revision's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: admin.rejectAppBody,
    success: { 200: { description: "Rejected", schema: r.adminRevisionSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  },
  {
    method: "get",
    path: "/api/admin/emails",
    operationId: "adminListEmails",
    tag: "Administration",
    caller: "admin",
    summary: "The email log, newest first",
    query: admin.adminEmailsQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.emailLogEntrySchema) } },
    errors: [...adminErrors, "validation_failed"],
  },
  {
    method: "get",
    path: "/api/admin/audit-events",
    operationId: "adminListAuditEvents",
    tag: "Administration",
    caller: "admin",
    summary: "Every administrator action, newest first",
    query: admin.auditQuery,
    success: { 200: { description: "One page", schema: r.pagedListOf(r.auditEventSchema) } },
    errors: [...adminErrors, "validation_failed"],
  },
];
