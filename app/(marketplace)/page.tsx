import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";

import { AppGrid } from "@/components/marketplace/app-grid";
import { GetForm } from "@/components/ui/get-form";
import { PageHeading } from "@/components/ui/page-heading";
import { listFeaturedApps, listPopularApps, asCards } from "@/lib/catalogue/queries";
import type { PublicAppCard } from "@/lib/apps/views";
import { recordImpressions } from "@/lib/analytics/seen";
import { pageViewer } from "@/lib/pages/viewer";
import { PUBLIC_LIMITS } from "@/lib/catalogue/schemas";
import { shareMetadata } from "@/lib/pages/share-metadata";

const FEATURED = 6;
const POPULAR = 12;

export function generateMetadata(): Metadata {
  return shareMetadata({
    path: "/",
    title: "Yapture Marketplace",
    description: "Integrations, automations and insights that extend Yapture, reviewed by the Yapture team.",
  });
}

// Home: featured apps, then the most installed ones not already shown above, read from the database on each request.
export default async function HomePage() {
  await connection();
  const [featuredShown, mostInstalled, viewer] = await Promise.all([
    listFeaturedApps({ limit: FEATURED }, asCards),
    listPopularApps({ limit: POPULAR + FEATURED }, asCards),
    pageViewer(),
  ]);
  const featured = featuredShown.items;
  const shown = new Set(featuredShown.appIds);
  const popularIds = mostInstalled.appIds.filter((id) => !shown.has(id)).slice(0, POPULAR);
  const popular = mostInstalled.items.filter((_, index) => !shown.has(mostInstalled.appIds[index]!)).slice(0, POPULAR);
  await Promise.all([recordImpressions(featuredShown.appIds, "featured", viewer), recordImpressions(popularIds, "home", viewer)]);
  return (
    <div className="space-y-12">
      <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-700 px-5 py-10 sm:px-8 sm:py-12 text-white">
        <PageHeading className="text-2xl font-bold sm:text-3xl">Extend Yapture with apps your team will love</PageHeading>
        <p className="mt-3 max-w-2xl text-brand-100">
          Integrations, automations and insights built by developers around the world, reviewed by the Yapture team.
        </p>
        <GetForm action="/apps" className="mt-6 flex max-w-xl gap-2">
          <input
            dir="auto"
            name="search"
            placeholder="Search apps"
            aria-label="Search apps"
            maxLength={PUBLIC_LIMITS.search}
            className="min-w-0 flex-1 rounded-lg bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500"
          />
          <button className="shrink-0 rounded-lg bg-white px-4 py-2 font-medium text-brand-700">Search</button>
        </GetForm>
      </section>
      <AppSection title="Featured" apps={featured} />
      <AppSection title="Most popular" apps={popular} />
      <p>
        <Link href="/apps" className="font-medium text-brand-700 hover:underline">
          Browse all apps →
        </Link>
      </p>
    </div>
  );
}

function AppSection({ title, apps }: { title: string; apps: PublicAppCard[] }) {
  return (
    <section>
      <h2 className="mb-4 text-xl font-semibold">{title}</h2>
      {apps.length === 0 ? (
        <p className="text-slate-500">No apps yet.</p>
      ) : (
        <AppGrid apps={apps} className="sm:grid-cols-2 lg:grid-cols-3" />
      )}
    </section>
  );
}
