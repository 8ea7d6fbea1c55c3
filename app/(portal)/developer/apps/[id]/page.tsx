import { AppPresentation } from "@/components/ui/app-presentation";
import { AppForm } from "@/components/portal/apps/app-form";
import { DeleteListingButton } from "@/components/portal/apps/delete-listing-button";
import { ListingAnalytics } from "@/components/portal/apps/listing-analytics";
import { ListingStatus } from "@/components/portal/apps/listing-status";
import { SubmitForReviewButton } from "@/components/portal/apps/submit-for-review-button";
import { WithdrawFromReviewButton } from "@/components/portal/apps/withdraw-from-review-button";
import { isVerified, NotVerifiedNotice, portalDeveloper } from "@/components/portal/verified-gate";
import { PageTitle } from "@/components/ui/page-title";
import { getAppAnalytics } from "@/lib/apps/analytics";
import { getDeveloperApp } from "@/lib/apps/service";
import { APP_STATES, type AppAction } from "@/lib/apps/states";
import { analyticsView, developerAppView } from "@/lib/apps/views";
import type { AppStatus } from "@/lib/domain/enums";
import { orNotFound } from "@/lib/pages/or-not-found";
import { can } from "@/lib/state/machine";

export const metadata = { title: "Listing" };

const BACK = { href: "/developer/apps", label: "Your apps" };

const allows = (action: AppAction, status: AppStatus) => can(APP_STATES, action, status);

const loadListing = (developerId: string, appId: string) =>
  orNotFound({ name: "id", value: appId }, async () => {
    const [listing, analytics] = await Promise.all([getDeveloperApp({ developerId, appId }), getAppAnalytics({ developerId, appId })]);
    return { listing: developerAppView(listing), analytics: analyticsView(analytics) };
  });

export default async function ListingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const developer = await portalDeveloper(`/developer/apps/${id}`);
  if (!isVerified(developer)) return <NotVerifiedNotice developer={developer} feature="App listings" />;
  const { listing, analytics } = await loadListing(developer.id, id);
  const canEdit = allows("edit", listing.status);
  return (
    <div className="space-y-8">
      <PageTitle back={BACK} title={listing.name}>
        <p className="font-mono text-xs text-slate-500">{listing.slug}</p>
      </PageTitle>
      <ListingStatus listing={listing} />
      <div className="flex flex-wrap items-start gap-4">
        {allows("submit", listing.status) && !canEdit ? <SubmitForReviewButton appId={listing.id} /> : null}
        {allows("withdraw", listing.status) ? <WithdrawFromReviewButton appId={listing.id} /> : null}
        {allows("delete", listing.status) ? <DeleteListingButton appId={listing.id} name={listing.name} /> : null}
      </div>
      {canEdit ? (
        <section aria-labelledby="edit-heading" className="max-w-3xl space-y-3">
          <h2 id="edit-heading" className="text-lg font-semibold">
            Edit listing
          </h2>
          <AppForm app={listing} submittable={allows("submit", listing.status)} />
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
