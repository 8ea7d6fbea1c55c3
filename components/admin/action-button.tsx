"use client";

import { useEffect, useRef, useState } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import type { BodyOf } from "@/lib/client/request-body";
import { useApiAction } from "@/lib/client/use-api-action";
import { APPROVAL_LIMITS, type featureBody, type hideBody, type reasonBody, type restoreBody } from "@/lib/validation/admin";

/** Every body an action button sends: its fields, and with a reason asked for, the reason too. */
type ActionBody = NonNullable<Props["body"]> | BodyOf<typeof reasonBody> | BodyOf<typeof hideBody>;

type Props = {
  label: string;
  endpoint: string;
  /** The action's fields besides the reason, typed by the endpoints' request schemas. */
  body?: BodyOf<typeof restoreBody> | BodyOf<typeof featureBody>;
  /** When set, the action asks for a reason first and sends it as `{ reason }`. */
  reasonLabel?: string;
  /** How long the reason may be (the API's bound for this action). */
  reasonMaxLength?: number;
  variant?: "primary" | "secondary" | "danger";
  /** What happened, said and shown once it worked: the row may change or leave the list. */
  announce: string;
  /** The button's id, so that another action's `focus` can put the person on it. */
  id?: string;
  /** Where focus goes afterwards (an id): the action that undoes this one when it takes this one's place, else the page's heading. */
  focus?: string;
};

/** One administrator action against the admin API; the page re-renders from the server afterwards. */
export function ActionButton({
  label,
  endpoint,
  body,
  reasonLabel,
  reasonMaxLength = APPROVAL_LIMITS.reason,
  variant = "secondary",
  announce,
  id,
  focus = "page-title",
}: Props) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  // Asking for the reason replaces the button: the person lands in the reason's field.
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (asking) reasonRef.current?.focus();
  }, [asking]);
  const action = useApiAction((payload: ActionBody | undefined) => ({ path: endpoint, method: "POST", body: payload ?? {} }), {
    onSuccess: () => {
      setAsking(false);
      setReason("");
    },
    announce,
    focus,
  });

  if (reasonLabel && asking) {
    return (
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          action.mutate({ ...body, reason });
        }}
      >
        <label className="text-xs text-slate-600">
          {reasonLabel}
          <textarea
            ref={reasonRef}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            maxLength={reasonMaxLength}
            rows={2}
            className="mt-1 w-64 rounded-lg border border-slate-300 p-2 text-sm"
          />
        </label>
        <div className="flex gap-2">
          <Button type="submit" variant={variant} disabled={action.isPending || reason.trim() === ""}>
            {label}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </div>
        <ActionError error={action.error} />
      </form>
    );
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <Button id={id} variant={variant} disabled={action.isPending} onClick={() => (reasonLabel ? setAsking(true) : action.mutate(body))}>
        {label}
      </Button>
      <ActionError error={action.error} />
    </span>
  );
}
