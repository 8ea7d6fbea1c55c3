import Link from "next/link";

import { REPORT_REASON_LABELS, type ModeratedPart } from "@/lib/core/enums";
import { MODERATION_LIMITS } from "@/lib/reviews/schemas";
import type { ModerationReviewResource } from "@/lib/reviews/schemas";

import { ActionButton } from "./action-button";
import { endpointOf } from "@/lib/client/operation-call";
import { MODERATION } from "@/lib/reviews/operations";

/** What hiding and restoring each part says: the review's own hide button is the dangerous one (it moves the rating). */
const PARTS = {
  review: {
    shownTo: "its author",
    danger: true,
    hidden: "The review is hidden and out of the rating; its reports are closed.",
    restored: "The review is visible again and counts in the rating.",
  },
  reply: {
    shownTo: "the publisher",
    danger: false,
    hidden: "The reply is hidden; its reports are closed.",
    restored: "The reply is visible again.",
  },
} as const;

function HideOrRestore({
  part,
  hidden,
  reviewId,
  updatedAt,
}: {
  part: ModeratedPart;
  hidden: boolean;
  reviewId: string;
  /** The version on the page: a restore publishes only what the administrator sees here. */
  updatedAt: string;
}) {
  const words = PARTS[part];
  const params = { id: reviewId };
  if (hidden) {
    return (
      <ActionButton
        label={`Restore ${part}`}
        endpoint={endpointOf(MODERATION.restore)}
        params={params}
        body={{ part, expectedUpdatedAt: updatedAt }}
        announce={words.restored}
      />
    );
  }
  return (
    <ActionButton
      label={`Hide ${part}`}
      {...(words.danger ? { variant: "danger" as const } : {})}
      endpoint={endpointOf(MODERATION.hide)}
      params={params}
      body={{ part }}
      ask={{ field: "reason", label: `Why (${words.shownTo} is shown this)`, maxLength: MODERATION_LIMITS.reason }}
      announce={words.hidden}
    />
  );
}

/** A customer review in the moderation queue: the review, the publisher's reply, why people reported them, and the actions. */
export function ModerationCard({ review }: { review: ModerationReviewResource }) {
  const headingId = `moderation-${review.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl break-words border border-slate-200 bg-white p-4"
      data-testid="moderation-item"
    >
      <h2 id={headingId} className="text-sm font-semibold">
        {review.rating}★ review of{" "}
        <Link href={`/apps/${review.app.slug}`} className="text-brand-700 underline">
          <bdi>{review.app.name}</bdi>
        </Link>{" "}
        by <bdi>{review.author.name}</bdi>
        {review.verifiedInstall ? " (verified install)" : ""}
      </h2>
      {review.hidden ? (
        <p className="text-xs font-medium text-amber-800">
          Hidden: <bdi>{review.hidden.reason}</bdi>
        </p>
      ) : null}
      <blockquote className="border-l-2 border-slate-300 pl-3 text-sm text-slate-700">
        {review.title ? (
          <p dir="auto" className="font-medium">
            {review.title}
          </p>
        ) : null}
        {review.body ? (
          <p dir="auto" className="whitespace-pre-line">
            {review.body}
          </p>
        ) : (
          <p className="text-slate-500 italic">No text, only stars.</p>
        )}
      </blockquote>
      {review.reply ? (
        <div className="space-y-1">
          <p className="text-xs font-medium text-slate-700">
            Publisher&apos;s reply{review.reply.hidden ? ` (hidden: ${review.reply.hidden.reason})` : ""}
          </p>
          <blockquote dir="auto" className="border-s-2 border-slate-300 ps-3 text-sm whitespace-pre-line text-slate-700">
            {review.reply.body}
          </blockquote>
        </div>
      ) : null}
      {review.reports.length > 0 ? (
        <div>
          <p className="text-xs font-medium text-slate-700">
            {review.openReports} open {review.openReports === 1 ? "report" : "reports"}
          </p>
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {review.reports.map((report, index) => (
              <li key={index}>
                {report.part === "reply" ? "Reply: " : ""}
                {REPORT_REASON_LABELS[report.reason]}
                {report.details ? (
                  <>
                    {" — "}
                    <bdi>{report.details}</bdi>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap items-start gap-3">
        <HideOrRestore part="review" hidden={review.hidden !== null} reviewId={review.id} updatedAt={review.updatedAt} />
        {review.reply ? (
          <HideOrRestore part="reply" hidden={review.reply.hidden !== null} reviewId={review.id} updatedAt={review.reply.updatedAt} />
        ) : null}
        {review.openReports > 0 ? (
          <ActionButton
            label="Dismiss reports"
            endpoint={endpointOf(MODERATION.dismissReports)}
            params={{ id: review.id }}
            announce="The reports are dismissed; nothing is hidden."
          />
        ) : null}
      </div>
    </article>
  );
}
