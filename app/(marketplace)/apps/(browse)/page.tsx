import type { Metadata } from "next";
import Link from "next/link";

import { formatCount } from "@/lib/core/format-count";
import { AppGrid } from "@/components/marketplace/app-grid";
import { browseHref, browseParams } from "@/components/marketplace/browse-links";
import { GetForm } from "@/components/ui/get-form";
import { InlineSelect } from "@/components/ui/inline-select";
import { PageHeading } from "@/components/ui/page-heading";
import { Pager } from "@/components/ui/pager";
import { listPublicCategories } from "@/lib/catalogue/categories";
import { recordImpressions } from "@/lib/analytics/seen";
import { browseResults, emptyResultsFallback, type BrowseResults } from "@/lib/pages/browse-results";
import { isSearchRefusal } from "@/lib/pages/search-refusal";
import { pageClientAddress, pageViewer } from "@/lib/pages/viewer";
import { APP_ENVIRONMENTS } from "@/lib/core/enums";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { lastSearchPage, listAppsQuery, PUBLIC_LIMITS, type PublicSort } from "@/lib/catalogue/schemas";
import { CATEGORY_LABELS } from "@/lib/core/enums";
import { shareMetadata } from "@/lib/pages/share-metadata";

const SORT_LABELS: Record<Exclude<PublicSort, "relevance">, string> = {
  popular: "Most installed",
  rating: "Top rated",
  newest: "Newest",
  name: "Name",
};
/** The empty page shown in place of a refused search's results. */
const noResults = (limit: number) => ({ items: [], appIds: [], total: 0, totalPages: 0, page: 1, limit, totalIsExact: true });

const SORT_OPTIONS = Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }));

const ENVIRONMENT_LABELS: Record<(typeof APP_ENVIRONMENTS)[number], string> = {
  production: "Live apps only",
  staging: "Test apps (staging)",
  localhost: "Test apps (local)",
};
const ENVIRONMENT_OPTIONS = APP_ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABELS[value] }));

/**
 * A search names itself in the title (the tab, the history, a screen reader's first words):
 * `"timer" — Search apps`. A category's page is its own address (`/apps?category=…`); every other
 * filter, sort, page and search is the same list seen another way, so its canonical address is the
 * whole catalogue's.
 */
export async function generateMetadata({ searchParams }: { searchParams: PageSearchParams }): Promise<Metadata> {
  const { search, category: asked } = await searchParams;
  const words = typeof search === "string" ? search.trim().slice(0, PUBLIC_LIMITS.search) : "";
  const category = listAppsQuery.shape.category.safeParse(typeof asked === "string" ? asked : undefined).data;
  const label = category ? CATEGORY_LABELS[category] : undefined;
  return {
    title: words ? `"${words}" — Search apps` : "Browse apps",
    ...shareMetadata({
      path: category ? `/apps?category=${category}` : "/apps",
      title: label ? `${label} apps for Yapture` : "Browse apps for Yapture",
      description: label
        ? `${label} apps and integrations for Yapture, reviewed by the Yapture team.`
        : "Every app and integration for Yapture, by category, reviewed by the Yapture team.",
    }),
  };
}

// Browse and search: the same query schema and service as GET /api/apps.
export default async function BrowsePage({ searchParams }: { searchParams: PageSearchParams }) {
  const query = await pageQuery(searchParams, listAppsQuery);
  // "Search instead for …": exactly what was typed, never corrected.
  const verbatim = (await searchParams).verbatim === "1";
  const [browsed, categories, viewer] = await Promise.all([
    pageClientAddress().then((client) => browseResults({ query, client, verbatim })),
    listPublicCategories(),
    pageViewer(),
  ]);
  const refusal = isSearchRefusal(browsed) ? browsed : undefined;
  const { results, correction, suggestion }: BrowseResults = isSearchRefusal(browsed) ? { results: noResults(query.limit) } : browsed;
  // A dead end no more: an empty result shows the most installed apps and the categories.
  const fallback = results.total === 0 && !refusal ? await emptyResultsFallback() : undefined;
  const source = query.search ? "search" : query.featured ? "featured" : "category";
  await recordImpressions([...results.appIds, ...(fallback?.popular.appIds ?? [])], source, viewer);
  const { total, items: apps } = results;
  // The pager and the filters go on with the search shown: the corrected one, if corrected.
  const params = browseParams(correction ? { ...query, search: correction.to } : query);
  const pastTheEnd = apps.length === 0 && total > 0;
  const categoryHref = (category?: string) => browseHref({ ...params, category }, 1);
  // A search pages through its result window only (PUBLIC_LIMITS.searchResults): the pager stops there.
  const reachablePages = query.search ? Math.min(results.totalPages, lastSearchPage(query.limit)) : results.totalPages;
  // On a phone the categories are one row of chips that scrolls sideways, so the results start on
  // the first screen; from lg they are a column beside the results.
  const chip = (current: boolean) =>
    `flex shrink-0 justify-between gap-2 rounded-full border px-3 py-1.5 whitespace-nowrap lg:rounded-lg lg:border-0 ${
      current ? "border-brand-600 bg-white font-medium" : "border-slate-300"
    }`;
  return (
    <div className="space-y-6">
      <PageHeading>{query.search ? "Search apps" : "Browse apps"}</PageHeading>
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr] lg:gap-8">
        <nav aria-labelledby="categories-heading" className="min-w-0 text-sm">
          <h2 id="categories-heading" className="sr-only mb-2 text-xs font-semibold text-slate-600 uppercase lg:not-sr-only lg:block">
            Categories
          </h2>
          <div className="flex gap-2 overflow-x-auto pb-1 lg:block lg:space-y-1 lg:overflow-visible lg:pb-0">
            <Link href={categoryHref(undefined)} className={chip(!query.category)} aria-current={query.category ? undefined : "page"}>
              All apps
            </Link>
            {categories.map((entry) => (
              <Link
                key={entry.category}
                href={categoryHref(entry.category)}
                className={chip(query.category === entry.category)}
                aria-current={query.category === entry.category ? "page" : undefined}
                data-testid="category-link"
              >
                <span>{entry.label}</span>
                <span className="text-slate-600">{entry.count}</span>
              </Link>
            ))}
          </div>
        </nav>
        <section className="min-w-0 space-y-6">
          <GetForm className="flex flex-wrap gap-3" action="/apps">
            <input
              dir="auto"
              name="search"
              defaultValue={query.search}
              placeholder="Search apps"
              aria-label="Search apps"
              maxLength={PUBLIC_LIMITS.search}
              className="w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-sm sm:w-auto sm:min-w-64 sm:flex-1"
            />
            {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
            {params.limit ? <input type="hidden" name="limit" value={params.limit} /> : null}
            {/* Visitors read what an environment means for them, not the developers' word for it (the
                values, and the API's, stay production and staging). */}
            <InlineSelect
              name="environment"
              label="Environment"
              anyLabel="Live and test apps"
              defaultValue={query.environment}
              options={ENVIRONMENT_OPTIONS}
            />
            <InlineSelect
              name="featured"
              label="Featured"
              anyLabel="All apps"
              defaultValue={params.featured}
              options={[{ value: "true", label: "Featured only" }]}
            />
            <InlineSelect name="sort" label="Sort" anyLabel="Best match" defaultValue={query.sort} options={SORT_OPTIONS} />
            <button className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">Search</button>
          </GetForm>
          {refusal ? (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="search-refused">
              {refusal.message}
            </p>
          ) : (
            <p className="text-sm text-slate-600" data-testid="result-count">
              {pastTheEnd ? (
                <>
                  Page {query.page} is past the last page of {total} {total === 1 ? "app" : "apps"}.{" "}
                  <Link href={browseHref(params, 1)} className="text-brand-700 underline">
                    Go to the first page
                  </Link>
                </>
              ) : (
                <>
                  {results.totalIsExact === false ? `${formatCount(total)}+` : formatCount(total)} {total === 1 ? "app" : "apps"}
                  {params.search ? ` matching “${params.search}”` : ""}
                </>
              )}
            </p>
          )}
          {correction ? (
            <p className="text-slate-700" data-testid="search-correction">
              Showing results for <strong className="font-semibold text-slate-900">{correction.to}</strong>. Search instead for{" "}
              <Link href={browseHref({ ...browseParams(query), verbatim: "1" }, 1)} className="font-medium text-brand-700 underline">
                {correction.from}
              </Link>
            </p>
          ) : null}
          <AppGrid apps={apps} className="sm:grid-cols-2 xl:grid-cols-3" />
          {fallback ? (
            <div className="space-y-1 text-slate-700" data-testid="no-results">
              <p>
                {query.search ? `No apps match “${query.search}”.` : "No apps match these filters."} Try fewer words or another category.
              </p>
              {suggestion ? (
                <p>
                  Did you mean{" "}
                  <Link href={browseHref({ ...params, search: suggestion }, 1)} className="font-medium text-brand-700 underline">
                    {suggestion}
                  </Link>
                  ?
                </p>
              ) : null}
            </div>
          ) : null}
          {fallback ? (
            <div className="space-y-6" data-testid="empty-fallback">
              {fallback.popular.items.length > 0 ? (
                <section aria-labelledby="popular-heading" className="space-y-3" data-testid="popular-fallback">
                  <h2 id="popular-heading" className="text-lg font-semibold text-slate-900">
                    Popular apps
                  </h2>
                  <AppGrid apps={fallback.popular.items} className="sm:grid-cols-2 xl:grid-cols-3" />
                </section>
              ) : null}
              {fallback.categories.length > 0 ? (
                <nav aria-labelledby="browse-categories-heading" className="space-y-3" data-testid="categories-fallback">
                  <h2 id="browse-categories-heading" className="text-lg font-semibold text-slate-900">
                    Browse categories
                  </h2>
                  <ul className="flex flex-wrap gap-2">
                    {fallback.categories.map((entry) => (
                      <li key={entry.category}>
                        <Link href={browseHref({ category: entry.category }, 1)} className={chip(false)}>
                          <span>{entry.label}</span>
                          <span className="text-slate-600">{entry.count}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
            </div>
          ) : null}
          <Pager basePath="/apps" params={params} of={{ page: results.page, totalPages: reachablePages }} />
          {reachablePages < results.totalPages ? (
            <p className="text-sm text-slate-600" data-testid="search-window">
              A search shows its first {formatCount(PUBLIC_LIMITS.searchResults)} results. Add words or choose a category to see others.
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
