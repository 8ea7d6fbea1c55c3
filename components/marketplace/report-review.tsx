"use client";

import { useId, useState, type FormEvent } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { SelectField, TextAreaField } from "@/components/ui/field";
import { callOf, type OperationEndpoint } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import { REVIEW_REPORT_LIMITS } from "@/lib/core/app-review-limits";
import { REPORT_REASON_LABELS, REPORT_REASONS, type ModeratedPart, type ReportReason } from "@/lib/core/enums";
import type { REVIEWS } from "@/lib/reviews/operations";
import type { BodyInputOf } from "@/lib/validation/operation";

const REASONS = REPORT_REASONS.map((reason) => ({ value: reason, label: REPORT_REASON_LABELS[reason] }));

/**
 * "Report" under a review or a publisher's reply: opens a small form (a reason from the fixed list,
 * details required for "Something else"). A report hides nothing; the administrators decide.
 */
export function ReportReview({
  endpoint,
  slug,
  reviewId,
  part,
}: {
  endpoint: OperationEndpoint<typeof REVIEWS.report>;
  slug: string;
  reviewId: string;
  part: ModeratedPart;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [details, setDetails] = useState("");
  const [sent, setSent] = useState(false);
  const formId = useId();
  const openerId = `${formId}-opener`;
  const send = useApiAction((body: BodyInputOf<typeof REVIEWS.report>) => callOf(endpoint, { params: { slug, reviewId }, body }), {
    refresh: false,
    onSuccess: () => {
      setSent(true);
      setOpen(false);
    },
    announce: `Thanks: the ${part} is reported. An administrator will look at it.`,
    focus: `${formId}-sent`,
  });
  const what = part === "review" ? "review" : "reply";

  if (sent) {
    return (
      <p id={`${formId}-sent`} tabIndex={-1} className="text-xs text-slate-600">
        You reported this {what}.
      </p>
    );
  }
  if (!open) {
    return (
      <Button id={openerId} variant="quiet" className="text-xs" onClick={() => setOpen(true)} aria-label={`Report this ${what}`}>
        Report
      </Button>
    );
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // No reason chosen is sent as it is (""), for the API to say what is missing beside the field.
    send.mutate({ part, reason: reason as ReportReason, details: details.trim() || null });
  }
  return (
    <form onSubmit={submit} aria-label={`Report this ${what}`} className="mt-2 space-y-3 rounded-lg border border-slate-200 p-3" noValidate>
      <SelectField
        label="Why are you reporting it?"
        {...send.field("reason", [reason, setReason])}
        placeholder="Choose a reason"
        options={REASONS}
        autoFocus
      />
      <TextAreaField
        label={reason === "OTHER" ? "What is wrong?" : "What is wrong? (optional)"}
        {...send.field("details", [details, setDetails])}
        rows={2}
        maxLength={REVIEW_REPORT_LIMITS.details}
      />
      <ActionError error={send.error} fieldsShown />
      <div className="flex gap-3">
        <Button type="submit" disabled={send.isPending || reason === ""}>
          {send.isPending ? "Sending…" : "Send report"}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(false);
            requestAnimationFrame(() => document.getElementById(openerId)?.focus());
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
