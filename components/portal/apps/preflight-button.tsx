"use client";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { APPS } from "@/lib/apps/operations";
import { listingFieldLabel } from "@/lib/client/field-names";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";

const passed = (images: number) =>
  `Every check passed (${images} images fetched and checked): a submit now would go through. Nothing was submitted.`;

/**
 * Beside Submit: every check of a submit, without submitting (the listing stays as it is). What
 * would fail is listed field by field; it counts against the submit limit, as it fetches every image.
 */
export function PreflightButton({
  appId,
  saveFirst,
  onProblem,
}: {
  appId: string;
  saveFirst?: () => Promise<unknown>;
  /** Inside the listing's form: the form shows what would fail, beside each field and in its summary. */
  onProblem?: (error: unknown) => void;
}) {
  const check = useApiAction(() => callOf(APPS.preflight, { params: { id: appId } }), {
    announce: (result) => passed(result.checkedImages),
    refresh: false,
  });
  async function saveAndCheck() {
    // A failed save shows its errors in the form and nothing is checked.
    if (
      saveFirst &&
      !(await saveFirst().then(
        () => true,
        () => false,
      ))
    )
      return;
    onProblem?.(null);
    check.mutate(undefined, { onError: (error) => onProblem?.(error) });
  }
  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" onClick={() => void saveAndCheck()} disabled={check.isPending}>
        {check.isPending ? "Checking…" : saveFirst ? "Save and check without submitting" : "Check without submitting"}
      </Button>
      {check.isSuccess ? (
        <p className="text-sm text-emerald-800" data-testid="preflight-result">
          {passed(check.data.checkedImages)}
        </p>
      ) : null}
      {onProblem ? null : <ActionError error={check.error} describeField={listingFieldLabel} />}
    </div>
  );
}
