import Link from "next/link";
import { notFound } from "next/navigation";

import { AppPresentation } from "@/components/marketplace/app-presentation";
import { AppForm } from "@/components/portal/app-form";
import { DeleteListingButton } from "@/components/portal/apps/delete-listing-button";
import { ListingAnalytics } from "@/components/portal/apps/listing-analytics";
import { LISTING_RULES } from "@/components/portal/apps/listing-rules";
import { ListingStatus } from "@/components/portal/apps/listing-status";
import { SubmitForReviewButton } from "@/components/portal/apps/submit-for-review-button";
import { isVerified, NotVerifiedNotice, portalDeveloper } from "@/components/portal/verified-gate";
import { getAppAnalytics } from "@/lib/apps/analytics";
import { getDeveloperApp } from "@/lib/apps/service";
import { APP_STATES, type AppAction } from "@/lib/apps/states";
import { analyticsView, developerAppView } from "@/lib/apps/views";
import type { AppStatus } from "@/lib/domain/enums";
import { ApiError } from "@/lib/http";
import { isWellFormedParam } from "@/lib/http/path-params";
import { can } from "@/lib/state/machine";

export const metadata = { title: "Listing" };

const allows = (action: AppAction, status: AppStatus) => can(APP_STATES, action, status);

async function loadListing(developerId: string, appId: string) {
  if (!isWellFormedParam("id", appId)) notFound();
  try {
    const [listing, analytics] = await Promise.all([getDeveloperApp({ developerId, appId }), getAppAnalytics({ developerId, appId })]);
    return { listing: developerAppView(listing), analytics: analyticsView(analytics) };
  } catch (error) {
    // Someone else's listing is "not found" too, so nothing leaks about it.
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
}

export default async function ListingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const developer = await portalDeveloper(`/developer/apps/${id}`);
  if (!isVerified(developer)) return <NotVerifiedNotice developer={developer} feature="App listings" />;
  const { listing, analytics } = await loadListing(developer.id, id);
  const canEdit = allows("edit", listing.status);
  return (
    <div className="space-y-8">
      <div>
        <Link href="/developer/apps" className="text-sm text-brand-700 hover:underline">
          ← Your apps
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">{listing.name}</h1>
        <p className="font-mono text-xs text-slate-500">{listing.slug}</p>
      </div>
      <ListingStatus listing={listing} />
      <div className="flex flex-wrap items-start gap-4">
        {allows("submit", listing.status) ? <SubmitForReviewButton appId={listing.id} /> : null}
        {allows("delete", listing.status) ? <DeleteListingButton appId={listing.id} name={listing.name} /> : null}
      </div>
      {canEdit ? (
        <section aria-labelledby="edit-heading" className="max-w-3xl space-y-3">
          <h2 id="edit-heading" className="text-lg font-semibold">
            Edit listing
          </h2>
          <AppForm rules={LISTING_RULES} app={listing} />
        </section>
      ) : null}
      <ListingAnalytics analytics={analytics} />
      <section aria-labelledby="preview-heading" className="space-y-3">
        <h2 id="preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <p className="text-sm text-slate-500">How the listing looks on its public page{canEdit ? " (saved changes only)" : ""}.</p>
        <div className="rounded-2xl border border-slate-200 bg-white p-6">
          <AppPresentation app={{ ...listing, developer: { name: developer.name, companyName: developer.companyName } }} />
        </div>
      </section>
    </div>
  );
}
