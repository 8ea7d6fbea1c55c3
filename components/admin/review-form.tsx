"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { apiFetch, ProblemError } from "@/lib/client/api";
import { REVIEW_CRITERIA, REVIEW_CRITERION_LABELS, type ReviewCriterion } from "@/lib/domain/enums";

const HINTS: Record<ReviewCriterion, string> = {
  FUNCTIONALITY: "Installs, connects and does what the listing says.",
  QUALITY: "Stable, polished, accurate listing text and images.",
  SECURITY: "Least-privilege scopes, safe handling of tokens and data.",
  TERMS_COMPLIANCE: "Meets the marketplace terms and brand rules.",
  USER_EXPERIENCE: "Clear onboarding, settings and error messages.",
};

type Verdict = { passes: boolean; message: string };

/** The five review criteria beside approve / reject-with-reasons. */
export function ReviewForm({ appId }: { appId: string }) {
  const router = useRouter();
  const [verdicts, setVerdicts] = useState<Record<ReviewCriterion, Verdict>>(
    () => Object.fromEntries(REVIEW_CRITERIA.map((criterion) => [criterion, { passes: true, message: "" }])) as Record<ReviewCriterion, Verdict>,
  );
  const [message, setMessage] = useState("");
  const failing = REVIEW_CRITERIA.filter((criterion) => !verdicts[criterion].passes);
  const decide = useMutation({
    mutationFn: (decision: "approve" | "reject") =>
      decision === "approve"
        ? apiFetch(`/api/admin/apps/${appId}/approve`, { method: "POST", body: message.trim() ? { note: message.trim() } : {} })
        : apiFetch(`/api/admin/apps/${appId}/reject`, {
            method: "POST",
            body: {
              reasons: failing.map((criterion) => ({ criterion, message: verdicts[criterion].message.trim() })),
              ...(message.trim() ? { message: message.trim() } : {}),
            },
          }),
    onSuccess: () => router.refresh(),
  });
  const error = decide.error instanceof ProblemError ? decide.error.message : null;
  const update = (criterion: ReviewCriterion, change: Partial<Verdict>) =>
    setVerdicts((current) => ({ ...current, [criterion]: { ...current[criterion], ...change } }));

  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-5" data-testid="review-form">
      <h3 className="font-semibold">Review checklist</h3>
      <ul className="space-y-3">
        {REVIEW_CRITERIA.map((criterion) => (
          <li key={criterion} className="space-y-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={verdicts[criterion].passes}
                onChange={(event) => update(criterion, { passes: event.target.checked })}
                className="mt-1"
                aria-label={`${REVIEW_CRITERION_LABELS[criterion]} passes`}
              />
              <span>
                <span className="font-medium">{REVIEW_CRITERION_LABELS[criterion]}</span>
                <span className="block text-xs text-slate-500">{HINTS[criterion]}</span>
              </span>
            </label>
            {!verdicts[criterion].passes ? (
              <textarea
                aria-label={`${REVIEW_CRITERION_LABELS[criterion]} problem`}
                placeholder="What must the developer fix?"
                value={verdicts[criterion].message}
                onChange={(event) => update(criterion, { message: event.target.value })}
                rows={2}
                maxLength={1000}
                className="w-full rounded-lg border border-slate-300 p-2 text-sm"
              />
            ) : null}
          </li>
        ))}
      </ul>
      <label className="block text-sm">
        Message to the developer (optional)
        <textarea value={message} onChange={(event) => setMessage(event.target.value)} rows={2} maxLength={2000} className="mt-1 w-full rounded-lg border border-slate-300 p-2 text-sm" />
      </label>
      <div className="flex gap-3">
        <Button onClick={() => decide.mutate("approve")} disabled={decide.isPending || failing.length > 0}>
          Approve
        </Button>
        <Button
          variant="danger"
          onClick={() => decide.mutate("reject")}
          disabled={decide.isPending || failing.length === 0 || failing.some((criterion) => verdicts[criterion].message.trim() === "")}
        >
          Reject with reasons
        </Button>
      </div>
      {error ? <p className="text-sm text-red-600">{error}</p> : null}
    </div>
  );
}
