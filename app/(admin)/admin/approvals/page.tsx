import { AgeingMark } from "@/components/admin/ageing-mark";
import { ClaimControl } from "@/components/admin/claim-control";
import { PendingUpdate } from "@/components/admin/pending-update";
import { QueueSearch } from "@/components/admin/queue-search";
import { ApprovalForm } from "@/components/admin/approval-form";
import { SubmissionDetails } from "@/components/admin/submission-details";
import { AppPresentation } from "@/components/ui/app-presentation";
import { PageHeading } from "@/components/ui/page-heading";
import { RejectionReasons } from "@/components/ui/rejection-reasons";
import { Pager } from "@/components/ui/pager";
import { changesWithHostedImages, withHostedImages } from "@/lib/apps/hosted-image-views";
import { listClaims } from "@/lib/approval-queue/claims";
import { claimView } from "@/lib/approval-queue/views";
import { listAppsForAdmin } from "@/lib/apps/approval";
import { listRevisionsForAdmin } from "@/lib/apps/revision-approval";
import { adminAppView, adminRevisionView } from "@/lib/apps/views";
import { hostedUrlsOf } from "@/lib/assets/hosted/listing-copies";
import { requireAdmin } from "@/lib/auth/require-admin";
import { pageQuery, type PageSearchParams } from "@/lib/http/search-params";
import { adminAppsQuery } from "@/lib/apps/schemas";

export const metadata = { title: "Approval queue" };

// Each pending listing exactly as the public page will show it, and each pending update of a live
// app with what it changes, beside the review checklist. Both lists page together.
export default async function ApprovalQueue({ searchParams }: { searchParams: PageSearchParams }) {
  const admin = await requireAdmin("/admin/approvals");
  const { page, q } = await pageQuery(searchParams, adminAppsQuery);
  const paging = { page, limit: 5 };
  const now = new Date();
  const [queue, updates, claims] = await Promise.all([
    listAppsForAdmin({ status: "PENDING", paging, search: q }),
    listRevisionsForAdmin({ status: "PENDING", paging, search: q }),
    listClaims(),
  ]);
  const claimOf = (queue: "listing" | "update", itemId: string) => {
    const claim = claims.find((each) => each.queue === queue && each.itemId === itemId);
    return claim ? claimView(claim, { sub: admin.yaptureUserId }) : null;
  };
  // Every image from the copy checked at submit: opening the queue tells no developer's server who looked.
  const hosted = await hostedUrlsOf([
    ...queue.items.map(({ app }) => ({ type: "app" as const, id: app.id })),
    ...updates.items.flatMap(({ revision, live }) => [
      { type: "revision" as const, id: revision.id },
      { type: "app" as const, id: live.app.id },
    ]),
  ]);
  return (
    <section className="space-y-8">
      <PageHeading>Approval queue ({queue.total + updates.total})</PageHeading>
      <QueueSearch action="/admin/approvals" value={q} />
      {queue.total + updates.total === 0 ? (
        <p className="text-slate-600">{q ? "Nothing waiting for review matches the search." : "Nothing waiting for review."}</p>
      ) : null}
      {updates.total > 0 ? (
        <section id="updates" aria-labelledby="updates-heading" className="space-y-6">
          <h2 id="updates-heading" className="text-xl font-semibold">
            Updates of live apps ({updates.total})
          </h2>
          {updates.items.map(adminRevisionView).map((update) => (
            <PendingUpdate
              key={update.id}
              now={now}
              claim={claimOf("update", update.id)}
              update={{
                ...update,
                changes: changesWithHostedImages(update.changes, {
                  before: hosted.get(`app:${update.app.id}`),
                  after: hosted.get(`revision:${update.id}`),
                }),
              }}
            />
          ))}
        </section>
      ) : null}
      {queue.total > 0 && updates.total > 0 ? <h2 className="text-xl font-semibold">New listings ({queue.total})</h2> : null}
      {queue.items.map(adminAppView).map((app) => (
        <div
          key={app.id}
          // As an update's card (components/admin/pending-update.tsx): never wider than the screen, whatever the name.
          className="grid grid-cols-[minmax(0,1fr)] gap-6 rounded-2xl border border-slate-200 bg-slate-100/60 p-4 wrap-anywhere sm:p-6 xl:grid-cols-[minmax(0,1fr)_22rem]"
          data-testid="pending-listing"
        >
          <div className="min-w-0 rounded-xl bg-white p-4 sm:p-6">
            <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
              <SubmissionDetails app={app} ageing={<AgeingMark waitingSince={app.submittedAt} now={now} />} />
              <ClaimControl id={app.id} subject={app.name} claim={claimOf("listing", app.id)} />
            </div>
            {app.rejection ? (
              <section
                aria-label={`Earlier rejection of ${app.name}`}
                className="mb-6 space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4"
                data-testid="earlier-rejection"
              >
                <h2 className="text-sm font-semibold text-amber-900">Resubmitted after a rejection: check these were fixed</h2>
                <RejectionReasons rejection={app.rejection} />
              </section>
            ) : null}
            <AppPresentation app={withHostedImages(app, hosted.get(`app:${app.id}`))} />
          </div>
          <ApprovalForm key={app.updatedAt} of="listing" appId={app.id} expectedUpdatedAt={app.updatedAt} subject={app.name} />
        </div>
      ))}
      <Pager basePath="/admin/approvals" params={{ q }} of={{ page, totalPages: Math.max(queue.totalPages, updates.totalPages) }} />
    </section>
  );
}
