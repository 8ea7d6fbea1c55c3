"use client";

import Link from "next/link";
import type { ReactNode } from "react";

import type { PublicAppCard } from "@/lib/apps/views";
import { ListingLogo } from "@/components/ui/listing-logo";

import { Rating } from "./rating";

/** What the column shows of an app: the page hands only this to the browser. */
export type RelatedApp = Pick<PublicAppCard, "slug" | "name" | "logoUrl" | "reviewCount" | "averageRating" | "developer">;

/** One compact list of apps (logo, name, maker, rating), for the column under Install. */
function RelatedList({
  id,
  title,
  apps,
  more,
}: {
  id: string;
  title: ReactNode;
  apps: readonly RelatedApp[];
  more?: { href: string; label: ReactNode };
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3" data-testid={id}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="space-y-1">
        {apps.map((app) => (
          <li key={app.slug}>
            <Link href={`/apps/${app.slug}`} className="group flex min-w-0 items-center gap-3 rounded-lg p-2 hover:bg-slate-100">
              <ListingLogo name={app.name} url={app.logoUrl} size={40} loading="lazy" className="rounded-lg" />
              <span className="min-w-0">
                <span dir="auto" className="block truncate font-medium text-slate-900 group-hover:text-brand-700">
                  {app.name}
                </span>
                <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                  <span dir="auto" className="truncate">
                    {app.developer.companyName ?? app.developer.name}
                  </span>
                  <Rating value={app.averageRating} count={app.reviewCount} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {more ? (
        <p className="text-sm">
          <Link href={more.href} className="font-medium text-brand-700 hover:underline">
            {more.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * "Similar apps" and "More from <developer>": beside the listing under Install from `lg`, after it on
 * smaller screens. A list with no app is left out. A client component, as AppGrid is: the page sends
 * each app's few fields, not the lists' element tree, which the server would serialise, read back
 * for the HTML and send again inside the page (docs/benchmarks.md, "App page render").
 */
export function RelatedApps({
  similar,
  moreFromDeveloper,
  developer,
}: {
  similar: readonly RelatedApp[];
  moreFromDeveloper: readonly RelatedApp[];
  developer: { id: string; name: string };
}) {
  return (
    <div className="space-y-8">
      {similar.length > 0 ? <RelatedList id="similar-apps" title="Similar apps" apps={similar} /> : null}
      {moreFromDeveloper.length > 0 ? (
        <RelatedList
          id="more-from-developer"
          title={
            <>
              More from <bdi>{developer.name}</bdi>
            </>
          }
          apps={moreFromDeveloper}
          more={{
            href: `/developers/${developer.id}`,
            label: (
              <>
                All apps by <bdi>{developer.name}</bdi> →
              </>
            ),
          }}
        />
      ) : null}
    </div>
  );
}
