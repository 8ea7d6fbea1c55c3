import Link from "next/link";

import { StatusBadge } from "@/components/ui/status-badge";
import type { DeveloperAppResource } from "@/lib/apps/schemas";

import { RejectionReasons } from "@/components/ui/rejection-reasons";
import type { QueueStandingResource } from "@/lib/approval-queue/schemas";

import { QueueStanding } from "../queue-standing";

type Listing = Pick<DeveloperAppResource, "status" | "slug" | "rejection" | "submittedAt" | "unpublishReason">;

const TONE: Record<Listing["status"], string> = {
  DRAFT: "border-slate-200 bg-white",
  PENDING: "border-amber-200 bg-amber-50",
  APPROVED: "border-emerald-200 bg-emerald-50",
  REJECTED: "border-red-200 bg-red-50",
  UNPUBLISHED: "border-slate-300 bg-slate-100",
};

function Explanation({ listing, standing }: { listing: Listing; standing: QueueStandingResource | null }) {
  switch (listing.status) {
    case "DRAFT":
      return <p>Not submitted yet. Only you can see this listing; submit it for review when it is ready.</p>;
    case "PENDING":
      return (
        <>
          {standing ? <QueueStanding standing={standing} /> : null}
          <p>
            Under review since {listing.submittedAt?.slice(0, 10) ?? "recently"}; you will get an email with the outcome. The listing cannot
            be edited meanwhile; withdraw it from review to make changes.
          </p>
        </>
      );
    case "APPROVED":
      return (
        <p>
          Live in the marketplace:{" "}
          <Link href={`/apps/${listing.slug}`} className="text-brand-700 underline">
            view the public page
          </Link>
          . To change it, prepare an update below: the live version stays public while the update is reviewed.
        </p>
      );
    case "REJECTED":
      return (
        <div className="space-y-3">
          <p>The reviewer found problems. Fix them in the form below and resubmit the listing.</p>
          {listing.rejection ? <RejectionReasons rejection={listing.rejection} /> : null}
        </div>
      );
    case "UNPUBLISHED":
      return (
        <div className="space-y-2">
          <p>
            An administrator took this listing out of the marketplace. Fix what the reason below asks for in an update, then contact
            marketplace support to have it republished.
          </p>
          {listing.unpublishReason ? (
            <p>
              <span className="font-medium">Reason given:</span> {listing.unpublishReason}
            </p>
          ) : null}
        </div>
      );
  }
}

/** The listing's state and what it means for the developer; while it waits, where it stands in the queue. */
export function ListingStatus({ listing, standing = null }: { listing: Listing; standing?: QueueStandingResource | null }) {
  return (
    <section
      aria-labelledby="listing-status-heading"
      className={`space-y-2 rounded-xl border p-5 text-sm text-slate-700 ${TONE[listing.status]}`}
    >
      <h2 id="listing-status-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        Status
        <span data-testid="listing-status">
          <StatusBadge status={listing.status} />
        </span>
      </h2>
      <Explanation listing={listing} standing={standing} />
    </section>
  );
}
