import { z } from "zod";

import { ROLES_THAT } from "@/lib/members/roles";
import { adminErrors, adminListOperation, bodyErrors, operationOf, scoped } from "@/lib/validation/operation";
import { listOf, pagedListOf, reasonBody } from "@/lib/validation/shared";

import {
  adminAppSchema,
  adminAppsQuery,
  adminRevisionSchema,
  adminRevisionsQuery,
  analyticsSchema,
  pastRejectionsSchema,
  preflightSchema,
  APP_READ_ONLY_FIELDS,
  CREATE_READ_ONLY_FIELDS,
  approveBody,
  createAppBody,
  developerAppSchema,
  featureBody,
  listMyAppsQuery,
  rejectAppBody,
  REVISION_READ_ONLY_FIELDS,
  revisionBody,
  revisionSchema,
  rolloutBody,
  rolloutSchema,
  submitRevisionBody,
  testerBody,
  testerSchema,
  updateAppBody,
  versionHistorySchema,
  visibilityBody,
} from "./schemas";

// The HTTP operations of app listings: the developer's listings and updates, and the
// administrators' approval of both. What each field means: lib/validation/operation.ts.

const adminOperation = operationOf("Administration", "admin");
const appOperation = operationOf("Developer apps", "developer");
const updateOperation = operationOf("App updates", "developer");

/** What a staged rollout is, for its three endpoints (docs/visibility.md, "Staged rollout"). */
const ROLLOUT =
  "An update submitted with `staged: true` is, once approved, live for the listing's testers only (stage TESTERS); then for " +
  "testers and a share of workspaces (PERCENT, 1–99: a workspace is in when a stable hash of app and workspace, 0–99, is below " +
  "it); then for everyone. Until then everyone else, and every public page, list and search, has the live version; a workspace's " +
  "members read which version it has with `GET /api/apps/{slug}/version?workspace=`.";

/** What `expectedUpdatedAt` does on the review decisions. */
const VERSION_PRECONDITION =
  "the decision applies only to the version you reviewed. If the developer changed it since (withdrew, edited and resubmitted), " +
  "the answer is 409 `invalid_state`, it stays PENDING, and nothing is emailed or recorded. Strongly recommended; without it " +
  "the current version is decided. A value that is not an ISO 8601 time with milliseconds in UTC (as the API shows `updatedAt`) " +
  "is 400 `validation_failed` naming `expectedUpdatedAt`.";

export const APPS = {
  list: appOperation({
    method: "get",
    path: "/api/dev/apps",
    operationId: "listMyApps",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "The caller's listings, newest first",
    query: listMyAppsQuery,
    success: { 200: { description: "One page of listings", schema: pagedListOf(developerAppSchema) } },
    errors: [...scoped, "validation_failed"],
  }),
  create: appOperation({
    method: "post",
    path: "/api/dev/apps",
    operationId: "createApp",
    roles: ROLES_THAT.editListings,
    scope: "APP_CREATE",
    summary: "Create a listing in DRAFT",
    body: createAppBody,
    readOnlyFields: CREATE_READ_ONLY_FIELDS,
    success: { 201: { description: "Created", schema: developerAppSchema } },
    errors: [...scoped, "conflict", ...bodyErrors],
  }),
  get: appOperation({
    method: "get",
    path: "/api/dev/apps/{id}",
    operationId: "getMyApp",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "One of the caller's listings",
    success: { 200: { description: "The listing", schema: developerAppSchema } },
    errors: [...scoped, "not_found"],
  }),
  update: appOperation({
    method: "put",
    path: "/api/dev/apps/{id}",
    operationId: "updateApp",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Update a DRAFT or REJECTED listing (partial)",
    body: updateAppBody,
    readOnlyFields: APP_READ_ONLY_FIELDS,
    success: { 200: { description: "Updated", schema: developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  }),
  patch: appOperation({
    method: "patch",
    path: "/api/dev/apps/{id}",
    operationId: "patchApp",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Alias of PUT",
    body: updateAppBody,
    readOnlyFields: APP_READ_ONLY_FIELDS,
    success: { 200: { description: "Updated", schema: developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  }),
  delete: appOperation({
    method: "delete",
    path: "/api/dev/apps/{id}",
    operationId: "deleteApp",
    roles: ROLES_THAT.editListings,
    scope: "APP_DELETE",
    summary: "Delete a listing that is not approved",
    success: { 204: { description: "Deleted" } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  submit: appOperation({
    method: "post",
    path: "/api/dev/apps/{id}/submit",
    operationId: "submitApp",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Submit for review",
    // Each submit fetches every image of the listing.
    limits: [{ policy: "submit", per: "developer" }],
    description:
      "Every image is fetched and checked first (PNG or JPEG; logo square ≥ 512×512, banner 1200×600, screenshots ≥ 1280×720; " +
      "none over 8192 pixels a side or 40 megapixels); " +
      "all failures come back in one `asset_invalid`.",
    success: { 200: { description: "Now PENDING", schema: developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", "asset_invalid"],
  }),
  preflight: appOperation({
    method: "post",
    path: "/api/dev/apps/{id}/preflight",
    operationId: "preflightApp",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Run every check of a submit without submitting",
    // It fetches every image, as a submit does, so it counts as one.
    limits: [{ policy: "submit", per: "developer" }],
    description:
      "The checks of `POST /api/dev/apps/{id}/submit`, in its order: the state (409 `invalid_state` unless DRAFT or REJECTED), then " +
      "every image fetched and checked, all failures in one 400 `asset_invalid` whose `errors[]` name each field " +
      "(`logoUrl`, `screenshots[1].url`, `longDescription`). The listing stays as it is (a DRAFT stays a DRAFT). Counts against the submit limit.",
    success: { 200: { description: "A submit now would pass its checks", schema: preflightSchema } },
    errors: [...scoped, "not_found", "invalid_state", "asset_invalid"],
  }),
  rejections: appOperation({
    method: "get",
    path: "/api/dev/apps/{id}/rejections",
    operationId: "listAppRejections",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "Every past rejection of the listing and of its updates, newest first",
    description:
      "From the audit log (at most the latest 100): each with its reasons (a reason's `field`, when the reviewer named one, is the " +
      "listing field it is about, e.g. `screenshots[1]`), the message and when. Unlike `rejection` on the listing, approvals and " +
      "resubmissions do not clear it.",
    success: { 200: { description: "The rejections", schema: pastRejectionsSchema } },
    errors: [...scoped, "not_found"],
  }),
  visibility: appOperation({
    method: "put",
    path: "/api/dev/apps/{id}/visibility",
    operationId: "setAppVisibility",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Choose who sees the listing: PRIVATE, UNLISTED or PUBLIC",
    description:
      "A DRAFT or REJECTED listing takes it at its next submit (a PRIVATE one is then live at once, without a human review, once " +
      "every check of a submit passed). A live listing (APPROVED, UNPUBLISHED) narrows at once, and widens at once up to " +
      "`reviewedVisibility`, the widest an administrator approved; past that an APPROVED listing goes back to review (PENDING, " +
      "out of reach until approved) and an UNPUBLISHED one is 409 `invalid_state`. PENDING: 409 (withdraw first).",
    body: visibilityBody,
    success: { 200: { description: "The listing with its visibility", schema: developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  }),
  testers: appOperation({
    method: "get",
    path: "/api/dev/apps/{id}/testers",
    operationId: "listAppTesters",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "The listing's testers and who of them installed it",
    description:
      "Testers (at most 100: Yapture workspaces and people by email) see the listing while it is PRIVATE, marked as a test build, " +
      "and install it: a tester workspace's members into that workspace, an email tester into any workspace of theirs. " +
      "`installedAt` is the tester's latest install.",
    success: { 200: { description: "Oldest first", schema: listOf(testerSchema) } },
    errors: [...scoped, "not_found"],
  }),
  addTester: appOperation({
    method: "post",
    path: "/api/dev/apps/{id}/testers",
    operationId: "addAppTester",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Add a tester: a Yapture workspace or an email",
    description:
      "Exactly one of `workspaceId` and `email`. The same tester twice, or a 101st, is 409 `conflict`. An email tester is matched " +
      "against the verified email of a Yapture account, compared in lower case.",
    body: testerBody,
    success: { 201: { description: "Added", schema: testerSchema } },
    errors: [...scoped, "not_found", "conflict", ...bodyErrors],
  }),
  removeTester: appOperation({
    method: "delete",
    path: "/api/dev/apps/{id}/testers/{testerId}",
    operationId: "removeAppTester",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Remove a tester",
    description: "From then on the tester gets 404 for the private listing; what they installed stays installed.",
    success: { 204: { description: "Removed" } },
    errors: [...scoped, "not_found"],
  }),
  versions: appOperation({
    method: "get",
    path: "/api/dev/apps/{id}/versions",
    operationId: "listAppVersions",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "The listing's version history, newest first",
    description:
      "Every version that went live (an approval, an approved update, a test build's submit or update, a restore) since version " +
      "history was recorded, with the one live now marked `current`.",
    success: { 200: { description: "The versions", schema: versionHistorySchema } },
    errors: [...scoped, "not_found"],
  }),
  restore: appOperation({
    method: "post",
    path: "/api/dev/apps/{id}/versions/{version}/restore",
    operationId: "restoreAppVersion",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Restore an earlier version of a live listing",
    description:
      "Without a new review: the fields, screenshots and hosted images of that version as they went live become the listing's next " +
      "version; the changelog says `Restored version N.`. The listing must be APPROVED or UNPUBLISHED and have no update waiting " +
      "for review, and the version must be earlier than the live one (else 409 `invalid_state`); a version never recorded is 404.",
    success: { 200: { description: "The listing as restored", schema: developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  withdraw: appOperation({
    method: "post",
    path: "/api/dev/apps/{id}/withdraw",
    operationId: "withdrawApp",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Withdraw from review",
    description: "Takes a PENDING listing out of the review queue, back to DRAFT, where it can be edited and submitted again.",
    success: { 200: { description: "Now DRAFT", schema: developerAppSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  analytics: appOperation({
    method: "get",
    path: "/api/dev/apps/{id}/analytics",
    operationId: "getAppAnalytics",
    roles: ROLES_THAT.readAnalytics,
    scope: "ANALYTICS_READ",
    summary: "Counters and installs per day (30 days)",
    description: "Takes no parameters (one is 400): the figures over any range are the Analytics endpoints'.",
    query: z.strictObject({}),
    success: { 200: { description: "Analytics", schema: analyticsSchema } },
    errors: [...scoped, "not_found", "validation_failed"],
  }),
};

export const APP_UPDATES = {
  create: updateOperation({
    method: "post",
    path: "/api/dev/apps/{id}/revision",
    operationId: "createRevision",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Start an update of an APPROVED or UNPUBLISHED app",
    description:
      "Creates the app's draft revision: a copy of the live listing's fields with the body's changes applied (the body is optional). " +
      "The live listing stays public and unchanged until an administrator approves the revision. One open revision per app: " +
      "a second is 409 `invalid_state` naming the first. `environment` and `slug` cannot change.",
    body: revisionBody,
    bodyOptional: true,
    readOnlyFields: REVISION_READ_ONLY_FIELDS,
    success: { 201: { description: "The draft revision", schema: revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  }),
  get: updateOperation({
    method: "get",
    path: "/api/dev/apps/{id}/revision",
    operationId: "getRevision",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "The app's open revision, with its changes against the live version",
    success: { 200: { description: "The revision", schema: revisionSchema } },
    errors: [...scoped, "not_found"],
  }),
  update: updateOperation({
    method: "put",
    path: "/api/dev/apps/{id}/revision",
    operationId: "updateRevision",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Edit a DRAFT or REJECTED revision (partial)",
    body: revisionBody,
    readOnlyFields: REVISION_READ_ONLY_FIELDS,
    success: { 200: { description: "Updated", schema: revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  }),
  patch: updateOperation({
    method: "patch",
    path: "/api/dev/apps/{id}/revision",
    operationId: "patchRevision",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Alias of PUT",
    body: revisionBody,
    readOnlyFields: REVISION_READ_ONLY_FIELDS,
    success: { 200: { description: "Updated", schema: revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state", ...bodyErrors],
  }),
  discard: updateOperation({
    method: "delete",
    path: "/api/dev/apps/{id}/revision",
    operationId: "discardRevision",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Discard a DRAFT or REJECTED revision",
    success: { 204: { description: "Discarded; the live listing is unchanged" } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  submit: updateOperation({
    method: "post",
    path: "/api/dev/apps/{id}/revision/submit",
    operationId: "submitRevision",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Submit the revision for review",
    limits: [{ policy: "submit", per: "developer" }],
    description:
      "Requires `notes` (what changed). Every image is checked as on a first submission; all failures come back in one `asset_invalid`. " +
      "An update of a PRIVATE listing (a test build) needs no review: it is APPROVED and live at once, as the next version (`staged` " +
      "does not apply: its insiders are its whole audience). The body is optional; `staged: true` asks for a staged rollout once " +
      "approved (`PUT /api/dev/apps/{id}/rollout`).",
    body: submitRevisionBody,
    bodyOptional: true,
    success: { 200: { description: "Now PENDING (a PRIVATE listing's: APPROVED)", schema: revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state", "asset_invalid", ...bodyErrors],
  }),
  preflight: updateOperation({
    method: "post",
    path: "/api/dev/apps/{id}/revision/preflight",
    operationId: "preflightRevision",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Run every check of the update's submit without submitting",
    limits: [{ policy: "submit", per: "developer" }],
    description:
      "The checks of `POST /api/dev/apps/{id}/revision/submit`, in its order: the state (409 `invalid_state`), `notes` (400 " +
      "`validation_failed` naming `notes`), then every image (400 `asset_invalid` naming each field). The update stays as it is. " +
      "Counts against the submit limit.",
    success: { 200: { description: "A submit now would pass its checks", schema: preflightSchema } },
    errors: [...scoped, "not_found", "invalid_state", "validation_failed", "asset_invalid"],
  }),
  rollout: updateOperation({
    method: "get",
    path: "/api/dev/apps/{id}/rollout",
    operationId: "getRollout",
    roles: ROLES_THAT.readListings,
    scope: "APP_READ",
    summary: "Where the listing's staged update stands",
    description: ROLLOUT,
    success: { 200: { description: "The rollout (stage NONE: nothing staged)", schema: rolloutSchema } },
    errors: [...scoped, "not_found"],
  }),
  advanceRollout: updateOperation({
    method: "put",
    path: "/api/dev/apps/{id}/rollout",
    operationId: "advanceRollout",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Move the staged update on: testers, a larger share of workspaces, everyone",
    description:
      `${ROLLOUT} ` +
      "A share only increases: a smaller one (or `TESTERS` once a share was set) is 409 `rollout_only_increases`; the same one is " +
      "200, unchanged. `EVERYONE` makes the staged version the live version (fields, screenshots, hosted images, changelog), as an " +
      "approval of an update does. Nothing staged, or the staged update rolled out or back meanwhile: 409 `invalid_state`.",
    body: rolloutBody,
    success: { 200: { description: "The rollout after the move (stage NONE after `EVERYONE`)", schema: rolloutSchema } },
    errors: [...scoped, "not_found", "invalid_state", "rollout_only_increases", ...bodyErrors],
  }),
  rollBack: updateOperation({
    method: "delete",
    path: "/api/dev/apps/{id}/rollout",
    operationId: "rollBackRollout",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Roll the staged update back: everyone has the live version",
    description:
      "At any stage. The staged version is dropped (it stays in the version history, marked `rolledBackAt`); testers and every " +
      "workspace have the live version again. Nothing staged, or the staged update rolled out or back meanwhile: 409 `invalid_state`.",
    success: { 200: { description: "The rollout after (stage NONE)", schema: rolloutSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
  withdraw: updateOperation({
    method: "post",
    path: "/api/dev/apps/{id}/revision/withdraw",
    operationId: "withdrawRevision",
    roles: ROLES_THAT.editListings,
    scope: "APP_UPDATE",
    summary: "Take a PENDING revision out of review, back to DRAFT",
    success: { 200: { description: "Now DRAFT", schema: revisionSchema } },
    errors: [...scoped, "not_found", "invalid_state"],
  }),
};

export const APP_APPROVALS = {
  list: adminListOperation("/api/admin/apps", "adminListApps", "Listings by status (default PENDING, oldest first)", {
    query: adminAppsQuery,
    item: adminAppSchema,
  }),
  get: adminOperation({
    method: "get",
    path: "/api/admin/apps/{id}",
    operationId: "adminGetApp",
    summary: "One listing in any state",
    success: { 200: { description: "The listing", schema: adminAppSchema } },
    errors: [...adminErrors, "not_found"],
  }),
  approve: adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/approve",
    operationId: "adminApproveApp",
    summary: "Approve a pending listing (public at once, email sent)",
    description: `Send the listing's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: approveBody,
    bodyOptional: true,
    success: { 200: { description: "Approved", schema: adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  reject: adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/reject",
    operationId: "adminRejectApp",
    summary: "Reject a pending listing with reasons per criterion (email sent)",
    description: `Send the listing's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: rejectAppBody,
    success: { 200: { description: "Rejected", schema: adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  feature: adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/feature",
    operationId: "adminFeatureApp",
    summary: "Feature or unfeature an approved app",
    body: featureBody,
    success: { 200: { description: "Updated", schema: adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  unpublish: adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/unpublish",
    operationId: "adminUnpublishApp",
    summary: "Take an approved app off the marketplace",
    body: reasonBody,
    success: { 200: { description: "Unpublished", schema: adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  republish: adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/republish",
    operationId: "adminRepublishApp",
    summary: "Put an unpublished app back",
    success: { 200: { description: "Approved again", schema: adminAppSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  }),
};

export const UPDATE_APPROVALS = {
  list: adminListOperation("/api/admin/revisions", "adminListRevisions", "Updates of live apps by status (default PENDING, oldest first)", {
    query: adminRevisionsQuery,
    item: adminRevisionSchema,
  }),
  get: adminOperation({
    method: "get",
    path: "/api/admin/apps/{id}/revision",
    operationId: "adminGetRevision",
    summary: "The app's open update with a field-by-field diff against the live version",
    success: { 200: { description: "The revision", schema: adminRevisionSchema } },
    errors: [...adminErrors, "not_found"],
  }),
  approve: adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/revision/approve",
    operationId: "adminApproveRevision",
    summary: "Approve a pending update: it replaces the live listing as the next version (email sent)",
    description:
      "In one transaction: the live fields and screenshots become the revision's, `version` goes up by one and the changelog gets " +
      "the revision's notes; slug, installs and reviews stay. An UNPUBLISHED app stays unpublished until republished. " +
      `Send the revision's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: approveBody,
    bodyOptional: true,
    success: { 200: { description: "Approved", schema: adminRevisionSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  reject: adminOperation({
    method: "post",
    path: "/api/admin/apps/{id}/revision/reject",
    operationId: "adminRejectRevision",
    summary: "Reject a pending update with reasons per criterion; the live version stays (email sent)",
    description: `Send the revision's \`updatedAt\` as \`expectedUpdatedAt\`: ${VERSION_PRECONDITION}`,
    body: rejectAppBody,
    success: { 200: { description: "Rejected", schema: adminRevisionSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
};
