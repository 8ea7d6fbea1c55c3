import type { RevisionChange, RevisionTextField } from "@/lib/validation/responses";

type Screenshot = { url: string; caption: string | null; order: number };
type Listing = Record<RevisionTextField, string | null> & { screenshots: Screenshot[] };

// In the order a reviewer reads a listing.
const TEXT_FIELDS: RevisionTextField[] = [
  "name",
  "description",
  "longDescription",
  "category",
  "websiteUrl",
  "oauthClientId",
  "logoUrl",
  "bannerUrl",
];

const sameScreenshots = (a: Screenshot[], b: Screenshot[]) =>
  a.length === b.length && a.every((shot, index) => shot.url === b[index]!.url && shot.caption === b[index]!.caption);

/** Each field in which `proposed` differs from `live`, with both values. */
export function revisionChanges(live: Listing, proposed: Listing): RevisionChange[] {
  const changes: RevisionChange[] = TEXT_FIELDS.filter((field) => live[field] !== proposed[field]).map((field) => ({
    field,
    before: live[field],
    after: proposed[field],
  }));
  if (!sameScreenshots(live.screenshots, proposed.screenshots)) {
    changes.push({ field: "screenshots", before: live.screenshots, after: proposed.screenshots });
  }
  return changes;
}
