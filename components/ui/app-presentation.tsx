import Link from "next/link";
import type { ReactNode } from "react";

import { ExternalLink } from "@/components/ui/external-link";
import { Markdown } from "@/components/ui/markdown";
import { ScreenshotGallery } from "@/components/ui/screenshot-gallery";
import { CATEGORY_LABELS, type AppCategory } from "@/lib/domain/enums";

/** What both the public app page and the reviewers' preview show of a listing. */
export type PresentableApp = {
  name: string;
  description: string;
  longDescription: string | null;
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
};

/** "23 Nov 2026": the same on the server and in every browser (UTC, fixed locale). */
const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function WhatsNew({ changelog }: { changelog: NonNullable<PresentableApp["release"]>["changelog"] }) {
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
            <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{entry.notes}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/* eslint-disable @next/next/no-img-element -- developer-hosted images on arbitrary hosts */
export function AppPresentation({ app, aside }: { app: PresentableApp; aside?: ReactNode }) {
  return (
    <article className="space-y-8">
      {app.bannerUrl ? (
        <img src={app.bannerUrl} alt="" width={1200} height={600} className="aspect-[2/1] w-full rounded-2xl object-cover" />
      ) : null}
      <header className="flex flex-wrap items-start gap-5">
        {app.logoUrl ? (
          <img
            src={app.logoUrl}
            alt={`${app.name} logo`}
            width={80}
            height={80}
            className="h-20 w-20 rounded-2xl border border-slate-200 object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold text-slate-900">{app.name}</h1>
          <p className="mt-1 text-slate-600">{app.description}</p>
          <p className="mt-2 text-sm text-slate-500">
            by{" "}
            {app.developer.id ? (
              <Link href={`/developers/${app.developer.id}`} className="text-brand-700 underline" data-testid="developer-link">
                {app.developer.companyName ?? app.developer.name}
              </Link>
            ) : (
              (app.developer.companyName ?? app.developer.name)
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
        {aside}
      </header>
      {app.screenshots.length > 0 ? <ScreenshotGallery shots={app.screenshots} appName={app.name} /> : null}
      {app.longDescription ? (
        <section className="max-w-3xl">
          <Markdown source={app.longDescription} />
        </section>
      ) : null}
      {app.release && app.release.changelog.length > 0 ? <WhatsNew changelog={app.release.changelog} /> : null}
    </article>
  );
}
