import Link from "next/link";
import { z } from "zod";

import { ListingLogo } from "@/components/ui/listing-logo";
import { PageHeading } from "@/components/ui/page-heading";
import { StatusBadge } from "@/components/ui/status-badge";
import { isVerified, NotVerifiedNotice, portalPublisher } from "@/components/portal/verified-gate";
import { Pager } from "@/components/ui/pager";
import { listDeveloperApps } from "@/lib/apps/service";
import { hostedUrlsOf } from "@/lib/assets/hosted/listing-copies";
import { previewPath } from "@/lib/assets/hosted/preview";
import { pagingQuery } from "@/lib/core/paging";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { canRole } from "@/lib/members/roles";

export const metadata = { title: "Your apps" };

const PAGE_SIZE = 20;
const listQuery = z.object({ page: pagingQuery().page });

function NewListingLink() {
  return (
    <Link
      href="/developer/apps/new"
      className="inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
    >
      New listing
    </Link>
  );
}

export default async function DeveloperAppsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const publisher = await portalPublisher("/developer/apps");
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="App listings" />;
  const { page } = await pageQuery(searchParams, listQuery);
  const listings = await listDeveloperApps({ access: publisher.access, paging: { page, limit: PAGE_SIZE } });
  // What the member's role lets them do here (the API refuses the rest the same way).
  const mayEdit = canRole(publisher.member.role, "editListings");
  const copies = await hostedUrlsOf(listings.items.map(({ app }) => ({ type: "app" as const, id: app.id })));
  // The copy checked at the last submit, or a preview through this origin: never the developer's server.
  const logoOf = ({ id, logoUrl }: { id: string; logoUrl: string | null }) =>
    logoUrl && (copies.get(`app:${id}`)?.[logoUrl] ?? previewPath(id)(logoUrl));
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageHeading>Your apps</PageHeading>
        {mayEdit ? <NewListingLink /> : null}
      </div>
      {listings.total === 0 ? (
        <div className="space-y-3 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-sm text-slate-600">
          <p>
            {mayEdit
              ? "You have no listings yet. Create one, add screenshots, and submit it for review; approved apps appear in the marketplace."
              : "No listings to show yet. Owners, admins and developers of the account create them."}
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label="Your listings">
          {listings.items.map(({ app, revision }) => (
            <li key={app.id} className="flex items-center gap-4 px-4 py-3" data-testid="listing-row">
              <ListingLogo name={app.name} url={logoOf(app)} size={40} className="rounded-lg border border-slate-200" />
              <div className="min-w-0 flex-1">
                <Link href={`/developer/apps/${app.id}`} className="font-medium text-slate-900 hover:underline">
                  {app.name}
                </Link>
                <p className="truncate font-mono text-xs text-slate-500">{app.slug}</p>
              </div>
              <StatusBadge status={app.status} />
              {revision ? (
                <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-medium text-sky-800" data-testid="update-badge">
                  update {revision.status.toLowerCase()}
                </span>
              ) : null}
              <p className="w-36 text-right text-xs text-slate-500">Updated {app.updatedAt.toISOString().slice(0, 10)}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager basePath="/developer/apps" of={listings} />
      {listings.total > 0 && canRole(publisher.member.role, "readAnalytics") ? (
        <p className="text-sm">
          <a href="/api/dev/analytics/export" download className="text-brand-700 hover:underline">
            Download every app&apos;s figures for the last 30 days (CSV)
          </a>
        </p>
      ) : null}
    </section>
  );
}
