import type { Metadata } from "next";

import { AppPresentation } from "@/components/ui/app-presentation";
import { AppForm } from "@/components/portal/apps/app-form";
import { DeleteListingButton } from "@/components/portal/apps/delete-listing-button";
import { HostedCopies } from "@/components/portal/apps/hosted-copies";
import { ListingAnalytics } from "@/components/portal/apps/listing-analytics";
import { ListingAudience } from "@/components/portal/apps/listing-audience";
import { VersionHistory } from "@/components/portal/apps/version-history";
import { ListingReviews } from "@/components/portal/apps/listing-reviews";
import { ListingStatus } from "@/components/portal/apps/listing-status";
import { StagedRollout } from "@/components/portal/apps/staged-rollout";
import { PastRejections } from "@/components/portal/apps/past-rejections";
import { PreflightButton } from "@/components/portal/apps/preflight-button";
import { SubmitForReviewButton } from "@/components/portal/apps/submit-for-review-button";
import { UpdateSection } from "@/components/portal/apps/update-section";
import { WithdrawFromReviewButton } from "@/components/portal/apps/withdraw-from-review-button";
import { isVerified, NotVerifiedNotice, portalPublisher, type PortalPublisher } from "@/components/portal/verified-gate";
import { PageTitle } from "@/components/ui/page-title";
import { getAppAnalytics } from "@/lib/apps/analytics";
import { listingStanding, standingIfWaiting, updateStanding } from "@/lib/approval-queue/service";
import { queueStandingView } from "@/lib/approval-queue/views";
import { changesWithHostedImages, withHostedImages } from "@/lib/apps/hosted-image-views";
import { listPastRejections } from "@/lib/apps/rejection-history";
import { getRevision } from "@/lib/apps/revisions";
import { getRollout } from "@/lib/apps/rollout";
import { getDeveloperApp } from "@/lib/apps/service";
import { listTesters } from "@/lib/apps/testers";
import { listVersions } from "@/lib/apps/versions";
import { APP_STATES, type AppAction } from "@/lib/apps/states";
import { analyticsView, developerAppView, pastRejectionsView, revisionView, rolloutView, testerView, versionsView } from "@/lib/apps/views";
import { hostedUrlsOf } from "@/lib/assets/hosted/listing-copies";
import { previewPath } from "@/lib/assets/hosted/preview";
import type { AppStatus } from "@/lib/core/enums";
import { orNotFound } from "@/lib/pages/or-not-found";
import { listPublisherReviews } from "@/lib/reviews/replies";
import { publisherReviewView } from "@/lib/reviews/views";
import { canRole } from "@/lib/members/roles";
import { can } from "@/lib/state/machine";

type Props = { params: Promise<{ id: string }> };

/** The listing's name (a tab or a history entry among several listings says which); "Listing" when it cannot be shown. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const publisher = await portalPublisher(`/developer/apps/${id}`);
  if (!isVerified(publisher?.developer)) return { title: "Listing" };
  // Not found or not theirs: the page itself answers that; the title stays general.
  const listing = await getDeveloperApp({ access: publisher.access, appId: id }).catch(() => null);
  return { title: listing?.app.name ?? "Listing" };
}

const BACK = { href: "/developer/apps", label: "Your apps" };

const allows = (action: AppAction, status: AppStatus) => can(APP_STATES, action, status);

const REVIEWS_SHOWN = 20;

const loadListing = ({ access }: PortalPublisher, appId: string) =>
  orNotFound({ name: "id", value: appId }, async () => {
    const [listing, analytics, rejections, testers, versions, rollout] = await Promise.all([
      getDeveloperApp({ access, appId }),
      getAppAnalytics({ access, appId }),
      listPastRejections({ access, appId }),
      listTesters({ access, appId }),
      listVersions({ access, appId }),
      getRollout({ access, appId }),
    ]);
    const revision = listing.revision ? revisionView(await getRevision({ access, appId })) : null;
    // Where a listing or update waiting for a decision stands (null once it is decided).
    const standing =
      listing.app.status === "PENDING"
        ? await standingIfWaiting(() => listingStanding({ access, appId }))
        : listing.revision?.status === "PENDING"
          ? await standingIfWaiting(() => updateStanding({ access, appId }))
          : null;
    return {
      listing: developerAppView(listing),
      analytics: analyticsView(analytics),
      revision,
      standing: standing && queueStandingView(standing),
      rejections: pastRejectionsView(rejections).data,
      testers: testers.map(testerView),
      versions: versionsView(versions).data,
      rollout: rolloutView(rollout),
    };
  });

export default async function ListingPage({ params }: Props) {
  const { id } = await params;
  const publisher = await portalPublisher(`/developer/apps/${id}`);
  if (!isVerified(publisher?.developer)) return <NotVerifiedNotice developer={publisher?.developer} feature="App listings" />;
  const { developer, member } = publisher;
  const { listing, analytics, revision, standing, rejections, testers, versions, rollout } = await loadListing(publisher, id);
  // What the member's role lets them do here (the API refuses the rest the same way).
  const mayEdit = canRole(member.role, "editListings");
  const canEdit = mayEdit && allows("edit", listing.status);
  const hosted = await hostedUrlsOf([
    { type: "app", id: listing.id },
    ...(revision ? [{ type: "revision" as const, id: revision.id }] : []),
  ]);
  const copies = hosted.get(`app:${listing.id}`) ?? {};
  // Images not yet copied by a submit are previewed through this origin, never loaded from the developer's server.
  const preview = previewPath(listing.id);
  const update = revision && {
    ...revision,
    changes: changesWithHostedImages(revision.changes, { before: copies, after: hosted.get(`revision:${revision.id}`) }, preview),
  };
  const reviews = await listPublisherReviews({ access: publisher.access, appId: listing.id, paging: { page: 1, limit: REVIEWS_SHOWN } });
  return (
    <div className="space-y-8">
      <PageTitle back={BACK} title={listing.name}>
        <p className="font-mono text-xs text-slate-500">
          {listing.slug} · version {listing.version}
        </p>
      </PageTitle>
      <ListingStatus listing={listing} standing={listing.status === "PENDING" ? standing : null} />
      <div className="flex flex-wrap items-start gap-4">
        {mayEdit && allows("submit", listing.status) && !canEdit ? <SubmitForReviewButton appId={listing.id} of="listing" /> : null}
        {mayEdit && allows("submit", listing.status) && !canEdit ? <PreflightButton appId={listing.id} /> : null}
        {mayEdit && allows("withdraw", listing.status) ? <WithdrawFromReviewButton appId={listing.id} of="listing" /> : null}
        {mayEdit && allows("delete", listing.status) ? <DeleteListingButton appId={listing.id} name={listing.name} /> : null}
      </div>
      {canEdit ? (
        <section aria-labelledby="edit-heading" className="max-w-3xl space-y-3">
          <h2 id="edit-heading" className="text-lg font-semibold">
            Edit listing
          </h2>
          <AppForm app={listing} submittable={allows("submit", listing.status)} />
        </section>
      ) : null}
      <PastRejections rejections={rejections} />
      <ListingAudience appId={listing.id} visibility={listing.visibility} testers={testers} mayEdit={mayEdit} />
      {mayEdit && allows("revise", listing.status) ? (
        <UpdateSection listing={listing} revision={update} standing={revision?.status === "PENDING" ? standing : null} />
      ) : null}
      {rollout.stage !== "NONE" ? <StagedRollout appId={listing.id} rollout={rollout} mayEdit={mayEdit} /> : null}
      {allows("revise", listing.status) ? (
        <VersionHistory
          appId={listing.id}
          versions={versions}
          mayRestore={mayEdit && listing.revision?.status !== "PENDING" && rollout.stage === "NONE"}
        />
      ) : null}
      {canRole(member.role, "readAnalytics") ? <ListingAnalytics appId={listing.id} analytics={analytics} /> : null}
      {listing.publishedAt ? (
        <ListingReviews
          appId={listing.id}
          reviews={reviews.items.map(publisherReviewView)}
          total={reviews.total}
          mayReply={canRole(member.role, "replyToReviews")}
        />
      ) : null}
      <section aria-labelledby="preview-heading" className="space-y-3">
        <h2 id="preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <p className="text-sm text-slate-500">How the listing looks on its public page{canEdit ? " (saved changes only)" : ""}.</p>
        <div className="rounded-2xl border border-slate-200 bg-white p-6">
          <AppPresentation
            app={withHostedImages({ ...listing, developer: { name: developer.name, companyName: developer.companyName } }, copies, preview)}
          />
        </div>
        <HostedCopies copies={copies} />
      </section>
    </div>
  );
}
