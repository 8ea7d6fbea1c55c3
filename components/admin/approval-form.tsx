"use client";

import { useState } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { APP_APPROVALS, UPDATE_APPROVALS } from "@/lib/apps/operations";
import { CANNED_REASONS } from "@/lib/apps/canned-reasons";
import { REASON_FIELD_CHOICES } from "@/lib/apps/schemas";
import { humanize } from "@/lib/client/field-names";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import { APPROVAL_CRITERIA, APPROVAL_CRITERION_LABELS, type ApprovalCriterion } from "@/lib/core/enums";
import { APPROVAL_LIMITS } from "@/lib/validation/shared";

const HINTS: Record<ApprovalCriterion, string> = {
  FUNCTIONALITY: "Installs, connects and does what the listing says.",
  QUALITY: "Stable, polished, accurate listing text and images.",
  SECURITY: "Least-privilege scopes, safe handling of tokens and data.",
  TERMS_COMPLIANCE: "Meets the marketplace terms and brand rules.",
  USER_EXPERIENCE: "Clear onboarding, settings and error messages.",
};

/** `field`: the listing field the problem is about ("" for none), highlighted on the developer's form. */
type Verdict = { passes: boolean; message: string; field: string };

/**
 * The five review criteria beside approve / reject-with-reasons. Every criterion starts unticked:
 * approving needs all five ticked (each checked on purpose); rejecting needs at least one unticked
 * criterion with the problem the developer must fix, and sends exactly those. `of` is what is
 * reviewed: a listing or its update; `expectedUpdatedAt` is the `updatedAt` of the version on screen, so a decision never lands on a
 * version changed since (409). Key the form by that version: a changed one starts a fresh checklist.
 */
export function ApprovalForm({
  of,
  appId,
  expectedUpdatedAt,
  subject,
}: {
  of: "listing" | "update";
  appId: string;
  expectedUpdatedAt: string;
  subject: string;
}) {
  const decisions = of === "listing" ? APP_APPROVALS : UPDATE_APPROVALS;
  const params = { id: appId };
  const [verdicts, setVerdicts] = useState<Record<ApprovalCriterion, Verdict>>(
    () =>
      Object.fromEntries(APPROVAL_CRITERIA.map((criterion) => [criterion, { passes: false, message: "", field: "" }])) as Record<
        ApprovalCriterion,
        Verdict
      >,
  );
  const [message, setMessage] = useState("");
  const unticked = APPROVAL_CRITERIA.filter((criterion) => !verdicts[criterion].passes);
  const failing = unticked.filter((criterion) => verdicts[criterion].message.trim() !== "");
  const decide = useApiAction(
    (decision: "approve" | "reject") =>
      decision === "approve"
        ? callOf(decisions.approve, { params, body: { ...(message.trim() ? { note: message.trim() } : {}), expectedUpdatedAt } })
        : callOf(decisions.reject, {
            params,
            body: {
              reasons: failing.map((criterion) => ({
                criterion,
                message: verdicts[criterion].message.trim(),
                ...(verdicts[criterion].field ? { field: verdicts[criterion].field } : {}),
              })),
              ...(message.trim() ? { message: message.trim() } : {}),
              expectedUpdatedAt,
            },
          }),
    {
      // The listing leaves the queue: say what was decided, and start again from the queue's heading.
      announce: (_, decision) =>
        decision === "approve"
          ? `${subject} is approved and live. The developer has been emailed.`
          : `${subject} is rejected. The developer has been emailed the reasons.`,
      focus: "page-title",
    },
  );
  const update = (criterion: ApprovalCriterion, change: Partial<Verdict>) =>
    setVerdicts((current) => ({ ...current, [criterion]: { ...current[criterion], ...change } }));

  return (
    // Beside a long listing on a wide screen, the checklist stays in view while the reviewer scrolls it.
    <div
      className="min-w-0 space-y-4 rounded-xl border border-slate-200 bg-white p-5 xl:sticky xl:top-4 xl:max-h-[calc(100vh-2rem)] xl:self-start xl:overflow-y-auto"
      data-testid="review-form"
    >
      <h3 className="font-semibold">Review checklist</h3>
      <ul className="space-y-3">
        {APPROVAL_CRITERIA.map((criterion) => (
          <li key={criterion} className="space-y-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={verdicts[criterion].passes}
                onChange={(event) => update(criterion, { passes: event.target.checked })}
                className="mt-1"
                aria-label={`${APPROVAL_CRITERION_LABELS[criterion]} passes`}
              />
              <span>
                <span className="font-medium">{APPROVAL_CRITERION_LABELS[criterion]}</span>
                <span className="block text-xs text-slate-600">{HINTS[criterion]}</span>
              </span>
            </label>
            {!verdicts[criterion].passes ? (
              <textarea
                dir="auto"
                aria-label={`${APPROVAL_CRITERION_LABELS[criterion]} problem`}
                placeholder="If it fails: what must the developer fix?"
                value={verdicts[criterion].message}
                onChange={(event) => update(criterion, { message: event.target.value })}
                rows={2}
                maxLength={APPROVAL_LIMITS.reasonMessage}
                className="w-full rounded-lg border border-slate-300 p-2 text-sm"
              />
            ) : null}
            {!verdicts[criterion].passes ? (
              <select
                aria-label={`${APPROVAL_CRITERION_LABELS[criterion]} canned reason`}
                value=""
                onChange={(event) => {
                  if (event.target.value !== "") update(criterion, { message: event.target.value });
                }}
                className="mr-2 rounded-lg border border-slate-300 bg-white p-1 text-sm"
              >
                <option value="">Use a canned reason…</option>
                {CANNED_REASONS[criterion].map((canned) => (
                  <option key={canned.label} value={canned.message}>
                    {canned.label}
                  </option>
                ))}
              </select>
            ) : null}
            {!verdicts[criterion].passes ? (
              <select
                aria-label={`Field of the ${APPROVAL_CRITERION_LABELS[criterion].toLowerCase()} reason`}
                value={verdicts[criterion].field}
                onChange={(event) => update(criterion, { field: event.target.value })}
                className="rounded-lg border border-slate-300 bg-white p-1 text-sm"
              >
                <option value="">About no field in particular</option>
                {REASON_FIELD_CHOICES.map((field) => (
                  <option key={field} value={field}>
                    About: {humanize(field)}
                  </option>
                ))}
              </select>
            ) : null}
          </li>
        ))}
      </ul>
      <label className="block text-sm">
        Message to the developer (optional)
        <textarea
          dir="auto"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          rows={2}
          maxLength={APPROVAL_LIMITS.note}
          className="mt-1 w-full rounded-lg border border-slate-300 p-2 text-sm"
        />
      </label>
      <div className="flex gap-3">
        <Button onClick={() => decide.mutate("approve")} disabled={decide.isPending || unticked.length > 0}>
          Approve
        </Button>
        <Button variant="danger" onClick={() => decide.mutate("reject")} disabled={decide.isPending || failing.length === 0}>
          Reject with reasons
        </Button>
      </div>
      <ActionError error={decide.error} />
    </div>
  );
}
