import { ROLES_THAT } from "@/lib/members/roles";
import { adminErrors, adminListOperation, bodyErrors, devAuthErrors, operationOf } from "@/lib/validation/operation";
import { reasonBody } from "@/lib/validation/shared";

import {
  adminDeveloperSchema,
  adminDevelopersQuery,
  adminProfileChangeSchema,
  adminProfileChangesQuery,
  DEVELOPER_READ_ONLY_FIELDS,
  developerProfileSchema,
  registerDeveloperBody,
  updateDeveloperBody,
} from "./schemas";

// The HTTP operations of developer profiles: the developer's own and the administrators'
// verification and profile-change approval. What each field means: lib/validation/operation.ts.

const adminOperation = operationOf("Administration", "admin");
const profileOperation = operationOf("Developer profile", "developer");
const signedInProfileOperation = operationOf("Developer profile", "yapture");

export const PROFILE = {
  register: signedInProfileOperation({
    method: "post",
    path: "/api/dev/register",
    operationId: "registerDeveloper",
    summary: "Register the signed-in Yapture user as a developer",
    limits: [{ policy: "register", per: "client" }],
    description:
      "The new profile waits for an administrator's verification (`PENDING_VERIFICATION`). " +
      "Its email is the Yapture account's verified email: an unverified one is 403 `email_unverified`, a different `email` in the body 400.",
    body: registerDeveloperBody,
    success: { 201: { description: "Registered", schema: developerProfileSchema } },
    errors: [
      "unauthenticated",
      "forbidden",
      "email_unverified",
      "already_registered",
      "rate_limited",
      "service_unavailable",
      ...bodyErrors,
    ],
  }),
  get: profileOperation({
    method: "get",
    path: "/api/dev/me",
    operationId: "getProfile",
    roles: ROLES_THAT.readListings,
    scope: null,
    allowUnverified: true,
    allowInactiveOwner: ["SUSPENDED", "REJECTED"],
    summary: "The caller's developer profile",
    success: { 200: { description: "Profile", schema: developerProfileSchema } },
    errors: [...devAuthErrors, "not_found"],
  }),
  update: profileOperation({
    method: "put",
    path: "/api/dev/me",
    operationId: "updateProfile",
    roles: ROLES_THAT.editProfile,
    scope: null,
    allowUnverified: true,
    allowInactiveOwner: ["REJECTED"],
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
    readOnlyFields: DEVELOPER_READ_ONLY_FIELDS,
    success: { 200: { description: "The profile, with any change waiting for review", schema: developerProfileSchema } },
    errors: [...devAuthErrors, "not_found", "forbidden", ...bodyErrors],
  }),
  patch: profileOperation({
    method: "patch",
    path: "/api/dev/me",
    operationId: "patchProfile",
    roles: ROLES_THAT.editProfile,
    scope: null,
    allowUnverified: true,
    allowInactiveOwner: ["REJECTED"],
    summary: "Alias of PUT",
    body: updateDeveloperBody,
    readOnlyFields: DEVELOPER_READ_ONLY_FIELDS,
    success: { 200: { description: "The profile, with any change waiting for review", schema: developerProfileSchema } },
    errors: [...devAuthErrors, "not_found", "forbidden", ...bodyErrors],
  }),
  withdrawChange: profileOperation({
    method: "delete",
    path: "/api/dev/me/profile-change",
    operationId: "withdrawProfileChange",
    roles: ROLES_THAT.editProfile,
    scope: null,
    summary: "Withdraw the profile change waiting for review",
    description:
      "The public profile stays as it is. 404 when the developer never asked for a change, 409 `invalid_state` when the latest one is " +
      "no longer pending (approved meanwhile, rejected, withdrawn). A person signed in with Yapture only: an API key gets 403 `forbidden`.",
    success: { 204: { description: "Withdrawn" } },
    errors: [...devAuthErrors, "developer_not_verified", "not_found", "forbidden", "invalid_state"],
  }),
  resubmit: profileOperation({
    method: "post",
    path: "/api/dev/me/resubmit",
    operationId: "resubmitProfile",
    roles: ROLES_THAT.editProfile,
    scope: null,
    allowUnverified: true,
    allowInactiveOwner: ["REJECTED"],
    summary: "Ask for another review after a rejection",
    description:
      "REJECTED → PENDING_VERIFICATION: after correcting the profile, a rejected developer goes back into the verification queue, " +
      "marked as resubmitted. 409 `invalid_state` in any other status.",
    success: { 200: { description: "Profile, now PENDING_VERIFICATION", schema: developerProfileSchema } },
    errors: [...devAuthErrors, "not_found", "invalid_state"],
  }),
};

export const DEVELOPER_VERIFICATIONS = {
  list: adminListOperation("/api/admin/developers", "adminListDevelopers", "Developers, oldest first", {
    query: adminDevelopersQuery,
    item: adminDeveloperSchema,
  }),
  verify: adminOperation({
    method: "post",
    path: "/api/admin/developers/{id}/verify",
    operationId: "adminDeveloperVerify",
    summary: "Verify a developer (email sent)",
    success: { 200: { description: "Updated", schema: adminDeveloperSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  }),
  reinstate: adminOperation({
    method: "post",
    path: "/api/admin/developers/{id}/reinstate",
    operationId: "adminDeveloperReinstate",
    summary: "Reinstate a suspended developer",
    success: { 200: { description: "Updated", schema: adminDeveloperSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  }),
  reject: adminOperation({
    method: "post",
    path: "/api/admin/developers/{id}/reject",
    operationId: "adminDeveloperReject",
    summary: "Reject a developer with a reason (email sent)",
    body: reasonBody,
    success: { 200: { description: "Updated", schema: adminDeveloperSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
  suspend: adminOperation({
    method: "post",
    path: "/api/admin/developers/{id}/suspend",
    operationId: "adminDeveloperSuspend",
    summary: "Suspend a developer: keys stop working, apps leave the marketplace",
    body: reasonBody,
    success: { 200: { description: "Updated", schema: adminDeveloperSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
};

export const PROFILE_CHANGE_APPROVALS = {
  list: adminListOperation(
    "/api/admin/profile-changes",
    "adminListProfileChanges",
    "Verified developers' profile changes by status (default PENDING, oldest first)",
    { query: adminProfileChangesQuery, item: adminProfileChangeSchema },
  ),
  approve: adminOperation({
    method: "post",
    path: "/api/admin/profile-changes/{id}/approve",
    operationId: "adminApproveProfileChange",
    summary: "Approve a pending profile change: public at once (email sent)",
    description:
      "A pending change is never edited (a newer one replaces it under a new id), so the id approves exactly the change that was read; " +
      "a withdrawn, replaced or already decided one is 409 `invalid_state`.",
    success: { 200: { description: "Approved", schema: adminProfileChangeSchema } },
    errors: [...adminErrors, "not_found", "invalid_state"],
  }),
  reject: adminOperation({
    method: "post",
    path: "/api/admin/profile-changes/{id}/reject",
    operationId: "adminRejectProfileChange",
    summary: "Reject a pending profile change with a reason; the public profile stays (email sent)",
    body: reasonBody,
    success: { 200: { description: "Rejected", schema: adminProfileChangeSchema } },
    errors: [...adminErrors, "not_found", "invalid_state", ...bodyErrors],
  }),
};
