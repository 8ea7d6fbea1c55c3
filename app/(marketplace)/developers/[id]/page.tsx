import type { Metadata } from "next";

import { AppGrid } from "@/components/marketplace/app-grid";
import { ExternalLink } from "@/components/ui/external-link";
import { PageHeading } from "@/components/ui/page-heading";
import { listPublicAppsOfDeveloper, asCards } from "@/lib/catalogue/queries";
import { recordImpressions } from "@/lib/analytics/seen";
import { pageViewer } from "@/lib/pages/viewer";
import { getPublicDeveloper } from "@/lib/developers/service";
import { orNotFound } from "@/lib/pages/or-not-found";
import { shareMetadata } from "@/lib/pages/share-metadata";

type Props = { params: Promise<{ id: string }> };

/** Enough for any one developer's catalogue on one page (a developer holds at most 100 listings). */
const MAX_APPS = 100;

const loadDeveloper = (id: string) => orNotFound({ name: "id", value: id }, () => getPublicDeveloper(id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const developer = await loadDeveloper((await params).id);
  const name = developer.companyName ?? developer.name;
  return {
    title: name,
    ...shareMetadata({
      path: `/developers/${developer.id}`,
      title: `${name} on Yapture Marketplace`,
      description: developer.bio?.trim().slice(0, 200) || `Apps by ${name} for Yapture.`,
    }),
  };
}

// A verified developer's public page: who they are and their approved apps.
export default async function DeveloperPage({ params }: Props) {
  const developer = await loadDeveloper((await params).id);
  const [{ items: apps, appIds }, viewer] = await Promise.all([
    listPublicAppsOfDeveloper({ developerId: developer.id, limit: MAX_APPS }, asCards),
    pageViewer(),
  ]);
  await recordImpressions(appIds, "developer_page", viewer);
  return (
    <div className="space-y-8">
      <header className="max-w-3xl space-y-2">
        <PageHeading className="text-3xl font-bold">{developer.companyName ?? developer.name}</PageHeading>
        {developer.companyName ? <p className="text-slate-600">{developer.name}</p> : null}
        {developer.websiteUrl ? (
          <p>
            <ExternalLink href={developer.websiteUrl}>{developer.websiteUrl}</ExternalLink>
          </p>
        ) : null}
        {developer.bio ? (
          <p dir="auto" className="whitespace-pre-line text-slate-700">
            {developer.bio}
          </p>
        ) : null}
      </header>
      <section aria-labelledby="apps-heading" className="space-y-4">
        <h2 id="apps-heading" className="text-xl font-semibold">
          Apps ({apps.length})
        </h2>
        {apps.length === 0 ? (
          <p className="text-slate-600">No apps in the marketplace yet.</p>
        ) : (
          <AppGrid apps={apps} className="sm:grid-cols-2 lg:grid-cols-3" />
        )}
      </section>
    </div>
  );
}
