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
    verifiedAt: developer.verifiedAt?.toISOString() ?? null,
    createdAt: developer.createdAt.toISOString(),
    updatedAt: developer.updatedAt.toISOString(),
  };
}

/** What administrators see of a developer: the profile plus why it was rejected or suspended. */
export function adminDeveloperView(developer: Developer): AdminDeveloper {
  return { ...developerView(developer), statusReason: developer.statusReason };
}
