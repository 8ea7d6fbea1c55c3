"use client";

import { useEffect, useRef, useState } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { requestOf, type OperationEndpoint } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import type { BodyInputOf, Operation, PathParamsOf } from "@/lib/validation/operation";
import { APPROVAL_LIMITS } from "@/lib/validation/shared";

type Body<O extends Operation> = BodyInputOf<O>;

/** The body's text fields: what the button may ask the administrator to write before it runs. */
type TextFieldOf<O extends Operation> = [Body<O>] extends [never]
  ? never
  : { [K in keyof Body<O>]-?: Body<O>[K] extends string | undefined ? K : never }[keyof Body<O>] & string;

/** The body's other fields: given by the page, and required when the operation requires any of them. */
type FixedFields<O extends Operation, Asked extends string> = [Body<O>] extends [never]
  ? { body?: never }
  : Partial<Omit<Body<O>, Asked>> extends Omit<Body<O>, Asked>
    ? { body?: Omit<Body<O>, Asked> }
    : { body: Omit<Body<O>, Asked> };

type Props<O extends Operation, Asked extends TextFieldOf<O>> = {
  label: string;
  /** The administrator operation this button calls (`endpointOf(DEVELOPER_VERIFICATIONS.verify)`), and its path params. */
  endpoint: OperationEndpoint<O>;
  params: PathParamsOf<O>;
  /** A text the action asks for first (a reason, a message), sent as that field of the body; `maxLength` is the API's bound for it. */
  ask?: { field: Asked; label: string; maxLength?: number };
  variant?: "primary" | "secondary" | "danger";
  /** What happened, said and shown once it worked: the row may change or leave the list. */
  announce: string;
  /** The button's id, so that another action's `focus` can put the person on it. */
  id?: string;
  /** Where focus goes afterwards (an id): the action that undoes this one when it takes this one's place, else the page's heading. */
  focus?: string;
} & FixedFields<O, Asked>;

/**
 * One administrator action against the admin API; the page re-renders from the server afterwards.
 * Its URL comes from the operation and its body is typed by the operation's schema: a required text
 * field (a reason) is asked for or given, a field the operation does not take does not compile.
 */
export function ActionButton<O extends Operation, Asked extends TextFieldOf<O> = never>({
  label,
  endpoint,
  params,
  body,
  ask,
  variant = "secondary",
  announce,
  id,
  focus = "page-title",
}: Props<O, Asked>) {
  const [asking, setAsking] = useState(false);
  const [answer, setAnswer] = useState("");
  // Asking replaces the button: the person lands in the field asked for.
  const answerRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (asking) answerRef.current?.focus();
  }, [asking]);
  const action = useApiAction(
    (given: string | undefined) => requestOf(endpoint, params, ask && given !== undefined ? { ...body, [ask.field]: given } : body),
    {
      onSuccess: () => {
        setAsking(false);
        setAnswer("");
      },
      announce,
      focus,
    },
  );

  if (ask && asking) {
    return (
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          action.mutate(answer);
        }}
      >
        <label className="text-xs text-slate-600">
          {ask.label}
          <textarea
            dir="auto"
            ref={answerRef}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            required
            maxLength={ask.maxLength ?? APPROVAL_LIMITS.reason}
            rows={2}
            className="mt-1 w-64 rounded-lg border border-slate-300 p-2 text-sm"
          />
        </label>
        <div className="flex gap-2">
          <Button type="submit" variant={variant} disabled={action.isPending || answer.trim() === ""}>
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
      {/* A destructive action that asks first is quiet in the list, solid only in its confirm step. */}
      <Button
        id={id}
        variant={variant === "danger" && ask ? "dangerOutline" : variant}
        disabled={action.isPending}
        onClick={() => (ask ? setAsking(true) : action.mutate(undefined))}
      >
        {label}
      </Button>
      <ActionError error={action.error} />
    </span>
  );
}
