import type { Developer } from "@/db/schema";
import type { DeveloperProfile } from "@/lib/validation/responses";

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
