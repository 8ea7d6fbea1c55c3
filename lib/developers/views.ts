import type { Developer } from "@/db/schema";
import type { AdminDeveloper, DeveloperProfile } from "@/lib/validation/responses";

/** The developer profile as the owner sees it (register, GET/PUT /api/dev/me). */
export function developerView(developer: Developer): DeveloperProfile {
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

/** What administrators see of a developer: the same profile (kept as its own shape for the document). */
export function adminDeveloperView(developer: Developer): AdminDeveloper {
  return developerView(developer);
}
