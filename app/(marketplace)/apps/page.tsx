import Link from "next/link";

import { AppCard } from "@/components/marketplace/app-card";
import { Pager } from "@/components/ui/pager";
import { listPublicCategories } from "@/lib/apps/public-categories";
import { listPublicApps } from "@/lib/apps/public-queries";
import { publicAppView } from "@/lib/apps/views";
import { APP_ENVIRONMENTS } from "@/lib/domain/enums";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { listAppsQuery, PUBLIC_SORTS } from "@/lib/validation/public";

export const metadata = { title: "Browse apps" };

// Browse and search: the same query schema and service as GET /api/apps.
export default async function BrowsePage({ searchParams }: { searchParams: PageSearchParams }) {
  const query = await pageQuery(searchParams, listAppsQuery);
  const [results, categories] = await Promise.all([listPublicApps({ query }), listPublicCategories()]);
  const { total } = results;
  const apps = results.items.map(publicAppView);
  const params = { search: query.search, category: query.category, environment: query.environment, sort: query.sort };
  const categoryHref = (category?: string) => {
    const next = new URLSearchParams(Object.entries({ ...params, category }).filter((entry): entry is [string, string] => Boolean(entry[1])));
    return `/apps?${next.toString()}`;
  };
  return (
    <div className="grid gap-8 lg:grid-cols-[14rem_1fr]">
      <aside className="space-y-1 text-sm">
        <h2 className="mb-2 text-xs font-semibold uppercase text-slate-500">Categories</h2>
        <Link href={categoryHref(undefined)} className={`block rounded-lg px-3 py-1.5 ${!query.category ? "bg-white font-medium" : ""}`}>
          All apps
        </Link>
        {categories.map((entry) => (
          <Link
            key={entry.category}
            href={categoryHref(entry.category)}
            className={`flex justify-between rounded-lg px-3 py-1.5 ${query.category === entry.category ? "bg-white font-medium" : ""}`}
            data-testid="category-link"
          >
            <span>{entry.label}</span>
            <span className="text-slate-400">{entry.count}</span>
          </Link>
        ))}
      </aside>
      <section className="space-y-6">
        <form className="flex flex-wrap gap-3" action="/apps">
          <input
            name="search"
            defaultValue={query.search}
            placeholder="Search apps"
            aria-label="Search apps"
            maxLength={100}
            className="min-w-64 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          <select name="environment" defaultValue={query.environment ?? ""} aria-label="Environment" className="rounded-lg border border-slate-300 px-3 py-2 text-sm">
            <option value="">Any environment</option>
            {APP_ENVIRONMENTS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <select name="sort" defaultValue={query.sort ?? ""} aria-label="Sort" className="rounded-lg border border-slate-300 px-3 py-2 text-sm">
            <option value="">Best match</option>
            {PUBLIC_SORTS.filter((sort) => sort !== "relevance").map((sort) => (
              <option key={sort} value={sort}>
                {sort === "popular" ? "Most installed" : sort === "rating" ? "Top rated" : sort === "newest" ? "Newest" : "Name"}
              </option>
            ))}
          </select>
          <button className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white">Search</button>
        </form>
        <p className="text-sm text-slate-500" data-testid="result-count">
          {total} {total === 1 ? "app" : "apps"}
          {query.search ? ` matching “${query.search}”` : ""}
        </p>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {apps.map((app) => (
            <AppCard key={app.slug} app={app} />
          ))}
        </div>
        {apps.length === 0 ? <p className="text-slate-500">No apps match. Try fewer words or another category.</p> : null}
        <Pager basePath="/apps" params={params} page={results.page} totalPages={results.totalPages} />
      </section>
    </div>
  );
}
