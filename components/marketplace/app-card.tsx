import Link from "next/link";

import { formatCount } from "@/lib/core/format-count";
import type { PublicAppCard } from "@/lib/apps/views";
import { ListingLogo } from "@/components/ui/listing-logo";
import { CATEGORY_LABELS } from "@/lib/core/enums";

import { Rating } from "./rating";

export function AppCard({ app }: { app: PublicAppCard }) {
  return (
    <Link
      href={`/apps/${app.slug}`}
      className="group flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md"
      data-testid="app-card"
    >
      <div className="flex items-center gap-3">
        <ListingLogo name={app.name} url={app.logoUrl} size={48} loading="lazy" className="rounded-lg" />
        <div className="min-w-0">
          {/* Cut to one line on the card: the whole name is the link's (and so a screen reader's) and a hovering pointer's. */}
          <h3 dir="auto" title={app.name} className="truncate font-semibold text-slate-900 group-hover:text-brand-700">
            {app.name}
          </h3>
          <p dir="auto" className="truncate text-xs text-slate-600">
            {app.developer.companyName ?? app.developer.name}
          </p>
          {app.environment === "production" ? null : (
            <span
              className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
              data-testid="environment-badge"
            >
              {app.environment}
            </span>
          )}
        </div>
      </div>
      <p dir="auto" className="line-clamp-2 text-sm text-slate-600">
        {app.description}
      </p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{CATEGORY_LABELS[app.category]}</span>
        <Rating value={app.averageRating} count={app.reviewCount} />
        <span>{formatCount(app.installCount)} installs</span>
      </div>
    </Link>
  );
}
