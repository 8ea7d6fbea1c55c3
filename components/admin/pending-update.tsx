import Link from "next/link";

import { RejectionReasons } from "@/components/ui/rejection-reasons";
import { RevisionDiff } from "@/components/ui/revision-diff";
import type { ClaimResource } from "@/lib/approval-queue/schemas";
import type { AdminRevisionResource } from "@/lib/apps/schemas";

import { AgeingMark } from "./ageing-mark";
import { ApprovalForm } from "./approval-form";
import { ClaimControl } from "./claim-control";

/** An update of a live app in the review queue: its notes and what it changes, beside the checklist; its age and claim. */
export function PendingUpdate({ update, claim = null, now }: { update: AdminRevisionResource; claim?: ClaimResource | null; now: Date }) {
  return (
    // The columns may shrink below their content (minmax(0, …)) and any word may break (an 80-letter
    // name without a space): a card never outgrows a phone's screen or slides under the checklist.
    <div
      className="grid grid-cols-[minmax(0,1fr)] gap-6 rounded-2xl border border-sky-200 bg-sky-50/60 p-4 wrap-anywhere sm:p-6 xl:grid-cols-[minmax(0,1fr)_22rem]"
      data-testid="pending-update"
    >
      <div className="min-w-0 space-y-4 rounded-xl bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-medium text-sky-800">
            Update to version {update.app.version + 1}
          </span>
          <h2 className="min-w-0 text-lg font-semibold">{update.name}</h2>
          <AgeingMark waitingSince={update.submittedAt} now={now} />
        </div>
        <ClaimControl of="update" id={update.app.id} subject={`the update of ${update.app.name}`} claim={claim} />
        <p className="text-xs text-slate-600">
          Submitted {update.submittedAt?.slice(0, 16).replace("T", " ")} UTC by {update.developer.name} ({update.developer.email}) · live as{" "}
          <Link href={`/apps/${update.app.slug}`} className="text-brand-700 underline">
            {update.app.name}
          </Link>{" "}
          ({update.app.status.toLowerCase()}, version {update.app.version})
        </p>
        {update.rejection ? (
          <section
            aria-label={`Earlier rejection of the update of ${update.app.name}`}
            className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4"
          >
            <h3 className="text-sm font-semibold text-amber-900">Resubmitted after a rejection: check these were fixed</h3>
            <RejectionReasons rejection={update.rejection} />
          </section>
        ) : null}
        <section className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-900">What&rsquo;s new, as the developer describes it</h3>
          <p dir="auto" className="text-sm break-words whitespace-pre-line text-slate-700">
            {update.notes}
          </p>
          {update.staged ? (
            <p className="text-sm text-slate-600">
              Staged rollout: once approved, it goes to the listing&rsquo;s testers first; its publisher widens it from there.
            </p>
          ) : null}
        </section>
        <section className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">Changes against the live version</h3>
          <RevisionDiff changes={update.changes} />
        </section>
      </div>
      <ApprovalForm
        key={update.updatedAt}
        of="update"
        appId={update.app.id}
        expectedUpdatedAt={update.updatedAt}
        subject={`The update of ${update.app.name}`}
      />
    </div>
  );
}
