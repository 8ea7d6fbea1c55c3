import Link from "next/link";
import type { ReactNode } from "react";

import { formatCount } from "@/lib/core/format-count";
import { ExternalLink } from "@/components/ui/external-link";
import { Markdown } from "@/components/ui/markdown";
import { ScreenshotGallery } from "@/components/ui/screenshot-gallery";
import { HostedImage, ImageFallback } from "@/components/ui/hosted-image";
import { CATEGORY_LABELS, type AppCategory } from "@/lib/core/enums";

/** What both the public app page and the reviewers' preview show of a listing. */
export type PresentableApp = {
  name: string;
  description: string;
  longDescription: string | null;
  /** The BCP 47 tag of the language the listing is written in: `lang` on its words (not on the page's own). */
  language: string | null;
  category: AppCategory;
  environment: string;
  logoUrl: string | null;
  bannerUrl: string | null;
  websiteUrl: string | null;
  screenshots: { url: string; caption: string | null; order: number }[];
  /** With an `id` (public pages), the developer's name links to their public page. */
  developer: { id?: string; name: string; companyName: string | null };
  /** Public pages: "Version N · updated <date>" and "What's new" from the changelog. */
  release?: { version: number; publishedAt: string | null; changelog: { version: number; notes: string; publishedAt: string }[] };
  /** Public pages: the average rating beside the name, linking to the reviews. */
  rating?: { average: number | null; count: number };
};

/**
 * "23 Nov 2026": the same on the server and in every browser (UTC, fixed locale). One formatter for
 * the process: `toLocaleDateString` with options builds a new one per call (~0.2 ms, docs/benchmarks.md).
 */
const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const dayOf = (iso: string) => DAY.format(new Date(iso));

function WhatsNew({ changelog, lang }: { changelog: NonNullable<PresentableApp["release"]>["changelog"]; lang: string | undefined }) {
  return (
    <section aria-labelledby="whats-new-heading" className="max-w-3xl space-y-3" data-testid="whats-new">
      <h2 id="whats-new-heading" className="text-xl font-semibold text-slate-900">
        What&rsquo;s new
      </h2>
      <ol className="space-y-4">
        {changelog.map((entry) => (
          <li key={entry.version} className="border-l-2 border-slate-200 pl-4">
            <p className="text-sm font-medium text-slate-900">
              Version {entry.version} <span className="font-normal text-slate-500">· {dayOf(entry.publishedAt)}</span>
            </p>
            <p lang={lang} dir="auto" className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
              {entry.notes}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "★ 4.6 out of 5 · 212 reviews", a link to the reviews: what a visitor weighs before installing. */
function RatingSummary({ rating }: { rating: NonNullable<PresentableApp["rating"]> }) {
  return (
    <a href="#reviews" className="mt-1 inline-block text-sm text-slate-700 hover:underline" data-testid="title-rating">
      {rating.average === null ? (
        "No reviews yet"
      ) : (
        <>
          <span aria-hidden="true" className="text-amber-500">
            ★
          </span>{" "}
          <span className="font-semibold text-slate-900">{rating.average.toFixed(1)}</span> out of 5 · {formatCount(rating.count)}{" "}
          {rating.count === 1 ? "review" : "reviews"}
        </>
      )}
    </a>
  );
}

/**
 * The listing's first screen puts what a visitor acts on first: name, rating and the install panel
 * (`aside`), then the description; on a phone the panel comes right under the name, before the
 * description and the banner, however long the name. `related` (similar apps, more from the
 * developer) fills the column under the panel from `lg`, and comes after the listing below that.
 */
export function AppPresentation({ app, aside, related }: { app: PresentableApp; aside?: ReactNode; related?: ReactNode }) {
  // The developer's words carry the listing's language and their own direction (Arabic or Hebrew
  // reads right to left); the page's words around them stay English, left to right.
  const lang = app.language ?? undefined;
  return (
    <article className="space-y-8">
      <header
        // A listing without a logo shows its monogram in the logo's place, as one whose logo fails to load.
        className={`grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-5 gap-y-4 ${aside ? "sm:grid-cols-[auto_minmax(0,1fr)_auto]" : ""}`}
      >
        {app.logoUrl ? (
          <HostedImage
            src={app.logoUrl}
            kind="logo"
            name={app.name}
            sizes="(min-width: 640px) 80px, 64px"
            alt={`${app.name} logo`}
            width={80}
            className="h-16 w-16 shrink-0 rounded-2xl border border-slate-200 object-cover sm:h-20 sm:w-20"
            data-testid="logo"
          />
        ) : (
          <ImageFallback kind="logo" name={app.name} alt="" className="h-16 w-16 shrink-0 rounded-2xl sm:h-20 sm:w-20" data-testid="logo" />
        )}
        <div className="min-w-0">
          <h1 lang={lang} dir="auto" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {app.name}
          </h1>
          {app.rating ? <RatingSummary rating={app.rating} /> : null}
        </div>
        {aside ? <div className={`col-span-full sm:col-span-1 sm:row-span-2 sm:col-start-3 sm:row-start-1`}>{aside}</div> : null}
        <div className={`col-span-full min-w-0 sm:col-start-2 ${aside ? "sm:col-span-1" : ""}`}>
          <p lang={lang} dir="auto" className="text-slate-600" data-testid="app-description">
            {app.description}
          </p>
          <p className="mt-2 text-sm text-slate-500">
            by{" "}
            {app.developer.id ? (
              <Link href={`/developers/${app.developer.id}`} className="text-brand-700 underline" data-testid="developer-link">
                <bdi>{app.developer.companyName ?? app.developer.name}</bdi>
              </Link>
            ) : (
              <bdi>{app.developer.companyName ?? app.developer.name}</bdi>
            )}{" "}
            · {CATEGORY_LABELS[app.category]} · {app.environment}
            {app.websiteUrl ? (
              <>
                {" · "}
                <ExternalLink href={app.websiteUrl}>Website</ExternalLink>
              </>
            ) : null}
          </p>
          {app.release ? (
            <p className="mt-1 text-sm text-slate-500" data-testid="app-version">
              Version {app.release.version}
              {app.release.changelog[0] || app.release.publishedAt
                ? ` · updated ${dayOf(app.release.changelog[0]?.publishedAt ?? app.release.publishedAt!)}`
                : null}
            </p>
          ) : null}
        </div>
      </header>
      <div className={related ? "space-y-8 lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start lg:gap-x-8 lg:space-y-0" : "contents"}>
        <div className="min-w-0 space-y-8">
          {app.bannerUrl ? (
            // Below the header, whole at 2:1 but no wider than the text: it must not push Install off the first screen.
            <HostedImage
              src={app.bannerUrl}
              kind="banner"
              name={app.name}
              sizes="(min-width: 800px) 48rem, 100vw"
              // Usually the largest thing on a phone's first screen: fetched before the cards' logos.
              fetchPriority="high"
              alt=""
              width={1200}
              className="aspect-[2/1] w-full max-w-3xl rounded-2xl object-cover"
              data-testid="banner"
            />
          ) : null}
          {app.screenshots.length > 0 ? <ScreenshotGallery shots={app.screenshots} appName={app.name} lang={lang} /> : null}
          {app.longDescription ? (
            <section lang={lang} className="max-w-3xl" data-testid="long-description">
              <Markdown source={app.longDescription} />
            </section>
          ) : null}
          {app.release && app.release.changelog.length > 0 ? <WhatsNew changelog={app.release.changelog} lang={lang} /> : null}
        </div>
        {related ? (
          // Not an <aside>: a complementary landmark inside main is not at the top level (axe).
          <div className="min-w-0" data-testid="related-apps">
            {related}
          </div>
        ) : null}
      </div>
    </article>
  );
}
