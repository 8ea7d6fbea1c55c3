import type { Page } from "@/db/paginate";
import type { PublicAppCard } from "@/lib/apps/views";
import { listPublicCategories, type PublicCategory } from "@/lib/catalogue/categories";
import { closestPublicName } from "@/lib/catalogue/closest-name";
import { asCards, listPopularApps, listPublicApps, type Shown } from "@/lib/catalogue/queries";
import type { ListAppsQuery } from "@/lib/catalogue/schemas";

import { isSearchRefusal, unlessSearchRefused, type SearchRefusal } from "./search-refusal";

// The browse page's results (issue 48: "nothing to discover beyond search"). A search that finds
// nothing, and is confidently a typo of one public name (lib/catalogue/closest-name.ts), shows that
// name's results at once ("Showing results for …", with a link to search for what was typed:
// `verbatim=1`); a less certain one offers the name ("Did you mean …"). Bounds: the name is found
// through the trigram index as "did you mean" always was, and its results are one more search
// admitted in the client's own line and time budget (lib/catalogue/search), for a name that exists;
// a refused correction leaves the empty results as they were. An empty page shows the most
// installed apps and the categories instead of a dead end.

/** How many popular apps an empty result shows. */
const POPULAR_ON_EMPTY = 6;

export type BrowseResults = {
  results: Page<PublicAppCard> & Shown<PublicAppCard>;
  /** The search shown instead of the one typed. */
  correction?: { from: string; to: string };
  /** A name offered for a search that found nothing. */
  suggestion?: string;
};

/** The results of `query` for `client`, corrected or with a suggestion when it found nothing; or the search's refusal. */
export async function browseResults({
  query,
  client,
  verbatim,
}: {
  query: ListAppsQuery;
  client: string;
  /** Search for exactly what was typed: never a correction. */
  verbatim: boolean;
}): Promise<BrowseResults | SearchRefusal> {
  const listed = await unlessSearchRefused(listPublicApps({ query, client }, asCards));
  if (isSearchRefusal(listed) || listed.total > 0 || query.search === undefined)
    return isSearchRefusal(listed) ? listed : { results: listed };
  const closest = await unlessSearchRefused(closestPublicName(query.search, query));
  if (closest === undefined || isSearchRefusal(closest)) return { results: listed };
  if (closest.confident && !verbatim) {
    const corrected = await unlessSearchRefused(listPublicApps({ query: { ...query, search: closest.name, page: 1 }, client }, asCards));
    if (!isSearchRefusal(corrected) && corrected.total > 0)
      return { results: corrected, correction: { from: query.search, to: closest.name } };
  }
  return { results: listed, suggestion: closest.name };
}

/** What an empty result shows instead of a dead end: the most installed apps, and the categories that have apps. */
export async function emptyResultsFallback(): Promise<{ popular: Shown<PublicAppCard>; categories: PublicCategory[] }> {
  const [popular, categories] = await Promise.all([listPopularApps({ limit: POPULAR_ON_EMPTY }, asCards), listPublicCategories()]);
  return { popular, categories: categories.filter((category) => category.count > 0) };
}
