import type { Developer, DeveloperProfileChange } from "@/db/schema";
import type { AdminDeveloper, AdminProfileChangeResource, DeveloperProfile, ProfileChangeResource } from "./schemas";

import type { AdminProfileChangeRow } from "./profile-change-approval";
import { publicProfileChanges, publicProfileOf } from "./public-profile";
import type { OwnProfile } from "./service";

/** What administrators see of a developer: the profile as it stands (public values, status, reasons). */
export function adminDeveloperView(developer: Developer): AdminDeveloper {
  return {
    id: developer.id,
    name: developer.name,
    email: developer.email,
    yaptureUserId: developer.yaptureUserId,
    companyName: developer.companyName,
    websiteUrl: developer.websiteUrl,
    bio: developer.bio,
    status: developer.status,
    statusReason: developer.statusReason,
    resubmittedAt: developer.resubmittedAt?.toISOString() ?? null,
    verifiedAt: developer.verifiedAt?.toISOString() ?? null,
    createdAt: developer.createdAt.toISOString(),
    updatedAt: developer.updatedAt.toISOString(),
  };
}

function changeFields(change: DeveloperProfileChange) {
  return {
    id: change.id,
    ...publicProfileOf(change.proposed),
    changes: publicProfileChanges(change.previous, change.proposed),
    reason: change.reason,
    submittedAt: change.createdAt.toISOString(),
    decidedAt: change.decidedAt?.toISOString() ?? null,
  };
}

function profileChangeView(change: DeveloperProfileChange): ProfileChangeResource {
  if (change.status !== "PENDING" && change.status !== "REJECTED")
    throw new Error(`a ${change.status} change is not shown to its developer`);
  return { ...changeFields(change), status: change.status };
}

/** The developer profile as the owner sees it (register, GET/PUT /api/dev/me): the public values and the change under review. */
export function developerView({ developer, profileChange }: OwnProfile): DeveloperProfile {
  return { ...adminDeveloperView(developer), profileChange: profileChange ? profileChangeView(profileChange) : null };
}

/** A profile change in the administrators' queue, with the developer as the marketplace shows them now. */
export function adminProfileChangeView({ change, developer }: AdminProfileChangeRow): AdminProfileChangeResource {
  return { ...changeFields(change), status: change.status, developer };
}
