import type { Developer, PublicProfile } from "@/db/schema";
import { PUBLIC_PROFILE_FIELDS } from "@/lib/core/enums";
import type { ProfileFieldChange } from "./schemas";

// A developer's public profile (name, company, website, about): what the marketplace shows of them,
// and what changes through review once they are verified.

export function publicProfileOf(developer: Pick<Developer, keyof PublicProfile>): PublicProfile {
  return { name: developer.name, companyName: developer.companyName, websiteUrl: developer.websiteUrl, bio: developer.bio };
}

/** `base` with the fields a request sent (`undefined`: not sent) on top. */
export function withSentFields(base: PublicProfile, sent: Partial<Record<keyof PublicProfile, string | null | undefined>>): PublicProfile {
  const changed = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
  return { ...base, ...changed };
}

/** Each field in which `after` differs from `before`, in the order the profile shows them. */
export function publicProfileChanges(before: PublicProfile, after: PublicProfile): ProfileFieldChange[] {
  return PUBLIC_PROFILE_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
}
