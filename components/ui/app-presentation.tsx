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
};

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
        </div>
        {aside}
      </header>
      {app.screenshots.length > 0 ? <ScreenshotGallery shots={app.screenshots} appName={app.name} /> : null}
      {app.longDescription ? (
        <section className="max-w-3xl">
          <Markdown source={app.longDescription} />
        </section>
      ) : null}
    </article>
  );
}
