import * as admin from "@/lib/validation/admin";
import { createAppBody, listMyAppsQuery, revisionBody, updateAppBody } from "@/lib/validation/apps";
import { adminErrors, adminListOperation, bodyErrors, operationOf, scoped, type Operation } from "@/lib/validation/operation";
import * as r from "@/lib/validation/responses";

// The HTTP operations of app listings: the developer's listings and updates, and the
// administrators' approval of both. What each field means: lib/validation/operation.ts.

const adminOperation = operationOf("Administration", "admin");
const appOperation = operationOf("Developer apps", "developer");
const updateOperation = operationOf("App updates", "developer");

/** What `expectedUpdatedAt` does on the review decisions. */
const VERSION_PRECONDITION =
  "the decision applies only to the version you reviewed. If the developer changed it since (withdrew, edited and resubmitted), " +
  "the answer is 409 `invalid_state`, it stays PENDING, and nothing is emailed or recorded. Strongly recommended; without it " +
  "the current version is decided. A value that is not an ISO 8601 time with milliseconds in UTC (as the API shows `updatedAt`) " +
  "is 400 `validation_failed` naming `expectedUpdatedAt`.";

export const DEVELOPER_APP_OPERATIONS: Operation[] = [
  appOperation({
    method: "get",
    path: "/api/dev/apps",
    operationId: "listMyApps",
    scope: "APP_READ",
    summary: "The caller's listings, newest first",
    query: listMyAppsQuery,
    success: { 200: { description: "One page of listings", schema: r.pagedListOf(r.developerAppSchema) } },
    errors: [...scoped, "validation_failed"],
  }),
  appOperation({
    method: "post",
    path: "/api/dev/apps",
    operationId: "createApp",
    scope: "APP_CREATE",
    summary: "Create a listing in DRAFT",
    body: createAppBody,
    success: { 201: { description: "Created", schema: r.developerAppSchema } },
    errors: [...scoped, "conflict", ...bodyErrors],
  }),
  appOperation({
    method: "get",
    path: "/api/dev/apps/{id}",
    operationId: "getMyApp",
    scope: "APP_READ",
    summary: "One of the caller's listings",
    success: { 200: { description: "The listing", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found"],
  }),
  appOperation({
    method: "put",
    path: "/api/dev/apps/{id}",
    operationId: "updateApp",
    scope: "APP_UPDATE",
    summary: "Update a DRAFT or REJECTED listing (partial)",
    body: updateAppBody,
    success: { 200: { description: "Updated", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  }),
  appOperation({
    method: "patch",
    path: "/api/dev/apps/{id}",
    operationId: "patchApp",
    scope: "APP_UPDATE",
    summary: "Alias of PUT",
    body: updateAppBody,
    success: { 200: { description: "Updated", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  }),
  appOperation({
    method: "delete",
    path: "/api/dev/apps/{id}",
    operationId: "deleteApp",
    scope: "APP_DELETE",
    summary: "Delete a listing that is not approved",
    success: { 204: { description: "Deleted" } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  appOperation({
    method: "post",
    path: "/api/dev/apps/{id}/submit",
    operationId: "submitApp",
    scope: "APP_UPDATE",
    summary: "Submit for review",
    description:
      "Every image is fetched and checked first (PNG or JPEG; logo square ≥ 512×512, banner 1200×600, screenshots ≥ 1280×720; " +
      "none over 8192 pixels a side or 40 megapixels); " +
      "all failures come back in one `asset_invalid`.",
    success: { 200: { description: "Now PENDING", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", "asset_invalid"],
  }),
  appOperation({
    method: "post",
    path: "/api/dev/apps/{id}/withdraw",
    operationId: "withdrawApp",
    scope: "APP_UPDATE",
    summary: "Withdraw from review",
    description: "Takes a PENDING listing out of the review queue, back to DRAFT, where it can be edited and submitted again.",
    success: { 200: { description: "Now DRAFT", schema: r.developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  appOperation({
    method: "get",
    path: "/api/dev/apps/{id}/analytics",
    operationId: "getAppAnalytics",
    scope: "ANALYTICS_READ",
    summary: "Counters and installs per day (30 days)",
    success: { 200: { description: "Analytics", schema: r.analyticsSchema } },
    errors: [...scoped, "not_found"],
  }),
];

export const REVISION_OPERATIONS: Operation[] = [
  updateOperation({
    method: "post",
    path: "/api/dev/apps/{id}/revision",
    operationId: "createRevision",
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
  }),
  updateOperation({
    method: "get",
    path: "/api/dev/apps/{id}/revision",
    operationId: "getRevision",
    scope: "APP_READ",
    summary: "The app's open revision, with its changes against the live version",
    success: { 200: { description: "The revision", schema: r.revisionSchema } },
    errors: [...scoped, "not_found"],
  }),
  ...(["put", "patch"] as const).map((method) =>
    updateOperation({
      method,
      path: "/api/dev/apps/{id}/revision",
      operationId: method === "put" ? "updateRevision" : "patchRevision",
      scope: "APP_UPDATE",
      summary: method === "put" ? "Edit a DRAFT or REJECTED revision (partial)" : "Alias of PUT",
      body: revisionBody,
      success: { 200: { description: "Updated", schema: r.revisionSchema } },
      errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
    }),
  ),
  updateOperation({
    method: "delete",
    path: "/api/dev/apps/{id}/revision",
    operationId: "discardRevision",
    scope: "APP_UPDATE",
    summary: "Discard a DRAFT or REJECTED revision",
    success: { 204: { description: "Discarded; the live listing is unchanged" } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  updateOperation({
    method: "post",
    path: "/api/dev/apps/{id}/revision/submit",
    operationId: "submitRevision",
    scope: "APP_UPDATE",
    summary: "Submit the revision for review",
    description:
      "Requires `notes` (what changed). Every image is checked as on a first submission; all failures come back in one `asset_invalid`.",
    success: { 200: { description: "Now PENDING", schema: r.revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state", "validation_failed", "asset_invalid"],
  }),
  updateOperation({
    method: "post",
    path: "/api/dev/apps/{id}/revision/withdraw",
    operationId: "withdrawRevision",
    scope: "APP_UPDATE",
    summary: "Take a PENDING revision out of review, back to DRAFT",
    success: { 200: { description: "Now DRAFT", schema: r.revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
];

export const APP_ADMIN_OPERATIONS: Operation[] = [
  adminListOperation("/api/admin/apps", "adminListApps", "Listings by status (default PENDING, oldest first)", {
    query: admin.adminAppsQuery,
    item: r.adminAppSchema,
  }),
  adminOperation({
    method: "get",
    path: "/api/admin/apps/{id}",
    operationId: "adminGetApp",
    summary: "One listing in any state",
    success: { 200: { description: "The listing", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found"],
  }),
  adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/approve",
    operationId: "adminApproveApp",
    summary: "Approve a pending listing (public at once, email sent)",
    description: `Send the listing's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: admin.approveBody,
    bodyOptional: true,
    success: { 200: { description: "Approved", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/reject",
    operationId: "adminRejectApp",
    summary: "Reject a pending listing with reasons per criterion (email sent)",
    description: `Send the listing's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: admin.rejectAppBody,
    success: { 200: { description: "Rejected", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/feature",
    operationId: "adminFeatureApp",
    summary: "Feature or unfeature an approved app",
    body: admin.featureBody,
    success: { 200: { description: "Updated", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/unpublish",
    operationId: "adminUnpublishApp",
    summary: "Take an approved app off the marketplace",
    body: admin.reasonBody,
    success: { 200: { description: "Unpublished", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/republish",
    operationId: "adminRepublishApp",
    summary: "Put an unpublished app back",
    success: { 200: { description: "Approved again", schema: r.adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  }),
];

export const REVISION_ADMIN_OPERATIONS: Operation[] = [
  adminListOperation("/api/admin/revisions", "adminListRevisions", "Updates of live apps by status (default PENDING, oldest first)", {
    query: admin.adminRevisionsQuery,
    item: r.adminRevisionSchema,
  }),
  adminOperation({
    method: "get",
    path: "/api/admin/apps/{id}/revision",
    operationId: "adminGetRevision",
    summary: "The app's open update with a field-by-field diff against the live version",
    success: { 200: { description: "The revision", schema: r.adminRevisionSchema } },
    errors: [...adminErrors, "not_found"],
  }),
  adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/revision/approve",
    operationId: "adminApproveRevision",
    summary: "Approve a pending update: it replaces the live listing as the next version (email sent)",
    description:
      "In one transaction: the live fields and screenshots become the revision's, `version` goes up by one and the changelog gets " +
      "the revision's notes; slug, installs and reviews stay. An UNPUBLISHED app stays unpublished until republished. " +
      `Send the revision's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: admin.approveBody,
    bodyOptional: true,
    success: { 200: { description: "Approved", schema: r.adminRevisionSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/revision/reject",
    operationId: "adminRejectRevision",
    summary: "Reject a pending update with reasons per criterion; the live version stays (email sent)",
    description: `Send the revision's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: admin.rejectAppBody,
    success: { 200: { description: "Rejected", schema: r.adminRevisionSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
];
