"use client";

import { useEffect, useRef, useState } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { requestOf, type OperationEndpoint } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import type { BodyInputOf, Operation, PathParamsOf } from "@/lib/validation/operation";
import { APPROVAL_LIMITS } from "@/lib/validation/shared";

/** The body's fields besides a reason: required when the operation requires any of them. */
type FixedFields<O extends Operation> = [BodyInputOf<O>] extends [never]
  ? { body?: never }
  : Partial<Omit<BodyInputOf<O>, "reason">> extends Omit<BodyInputOf<O>, "reason">
    ? { body?: Omit<BodyInputOf<O>, "reason"> }
    : { body: Omit<BodyInputOf<O>, "reason"> };

/** An operation whose body takes a `reason` asks for it first (and must say what it asks); any other cannot ask for one. */
type ReasonQuestion<O extends Operation> = [BodyInputOf<O>] extends [never]
  ? { reasonLabel?: never; reasonMaxLength?: never }
  : BodyInputOf<O> extends { reason: string }
    ? {
        /** The reason's label: the action asks for it first and sends it as the body's `reason`. */
        reasonLabel: string;
        /** How long the reason may be (the API's bound for this action). */
        reasonMaxLength?: number;
      }
    : { reasonLabel?: never; reasonMaxLength?: never };

type Props<O extends Operation> = {
  label: string;
  /** The administrator operation this button calls (`endpointOf(DEVELOPER_VERIFICATIONS.verify)`), and its path params. */
  endpoint: OperationEndpoint<O>;
  params: PathParamsOf<O>;
  variant?: "primary" | "secondary" | "danger";
  /** What happened, said and shown once it worked: the row may change or leave the list. */
  announce: string;
  /** The button's id, so that another action's `focus` can put the person on it. */
  id?: string;
  /** Where focus goes afterwards (an id): the action that undoes this one when it takes this one's place, else the page's heading. */
  focus?: string;
} & FixedFields<O> &
  ReasonQuestion<O>;

/**
 * One administrator action against the admin API; the page re-renders from the server afterwards.
 * Its URL comes from the operation and its body is typed by the operation's schema: an action that
 * needs a reason must ask for one, and a body field the operation does not take does not compile.
 */
export function ActionButton<O extends Operation>({
  label,
  endpoint,
  params,
  body,
  reasonLabel,
  reasonMaxLength = APPROVAL_LIMITS.reason,
  variant = "secondary",
  announce,
  id,
  focus = "page-title",
}: Props<O>) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  // Asking for the reason replaces the button: the person lands in the reason's field.
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (asking) reasonRef.current?.focus();
  }, [asking]);
  const action = useApiAction(
    (reasonGiven: string | undefined) => requestOf(endpoint, params, reasonGiven === undefined ? body : { ...body, reason: reasonGiven }),
    {
      onSuccess: () => {
        setAsking(false);
        setReason("");
      },
      announce,
      focus,
    },
  );

  if (reasonLabel && asking) {
    return (
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          action.mutate(reason);
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
      <Button
        id={id}
        variant={variant}
        disabled={action.isPending}
        onClick={() => (reasonLabel ? setAsking(true) : action.mutate(undefined))}
      >
        {label}
      </Button>
      <ActionError error={action.error} />
    </span>
  );
}
