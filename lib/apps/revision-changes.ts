import { READING_ORDER } from "./listing-declaration";
import type { RevisionChange, RevisionTextField } from "./schemas";

type Screenshot = { url: string; caption: string | null; order: number };
type Listing = Record<RevisionTextField, string | null> & { screenshots: Screenshot[] };

const sameScreenshots = (a: Screenshot[], b: Screenshot[]) =>
  a.length === b.length && a.every((shot, index) => shot.url === b[index]!.url && shot.caption === b[index]!.caption);

/** Each field in which `proposed` differs from `live`, with both values, in the order a reviewer reads a listing. */
export function revisionChanges(live: Listing, proposed: Listing): RevisionChange[] {
  return READING_ORDER.flatMap((field): RevisionChange[] => {
    if (field === "screenshots") {
      return sameScreenshots(live.screenshots, proposed.screenshots)
        ? []
        : [{ field, before: live.screenshots, after: proposed.screenshots }];
    }
    return live[field] === proposed[field] ? [] : [{ field, before: live[field], after: proposed[field] }];
  });
}
