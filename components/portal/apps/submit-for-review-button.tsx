"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { APP_UPDATES, APPS } from "@/lib/apps/operations";
import { listingFieldLabel } from "@/lib/client/field-names";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";

type Props = {
  appId: string;
  /** What is submitted: the listing, or its update. */
  of: "listing" | "update";
  /** Unsaved edits in the listing's form: they are saved first, so the reviewed version is the one on screen. */
  saveFirst?: () => Promise<unknown>;
  /** Inside the listing's form: the form shows what failed, beside each field and in its summary, instead of this button. */
  onProblem?: (error: unknown) => void;
  /** An update: once approved, roll it out in stages (testers first). */
  staged?: boolean;
};

/** DRAFT/REJECTED → PENDING, for a listing or an update of one. The server fetches and checks every image first. */
export function SubmitForReviewButton({ appId, of, saveFirst, onProblem, staged = false }: Props) {
  const isUpdate = of === "update";
  const params = { id: appId };
  const submit = useApiAction(
    () => (isUpdate ? callOf(APP_UPDATES.submit, { params, body: staged ? { staged } : undefined }) : callOf(APPS.submit, { params })),
    {
      announce: `${isUpdate ? "The update is" : "The listing is"} submitted for review${staged ? ", to be rolled out in stages once approved" : ""}. You will get an email when an administrator decides.`,
      // The status that now says "pending", wherever the button was on the page.
      focus: isUpdate ? "update-heading" : "listing-status-heading",
    },
  );
  async function saveAndSubmit() {
    // A failed save shows its errors in the form and nothing is submitted.
    if (
      saveFirst &&
      !(await saveFirst().then(
        () => true,
        () => false,
      ))
    )
      return;
    onProblem?.(null);
    submit.mutate(undefined, { onError: (error) => onProblem?.(error) });
  }
  return (
    <div className="space-y-2">
      <Button type="button" onClick={() => void saveAndSubmit()} disabled={submit.isPending}>
        {submit.isPending ? "Checking images…" : saveFirst ? "Save and submit for review" : "Submit for review"}
      </Button>
      {onProblem ? null : <ActionError error={submit.error} describeField={listingFieldLabel} />}
    </div>
  );
}
