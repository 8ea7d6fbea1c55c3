"use client";

import { useEffect, useRef, useState } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";

type Props = {
  /** Visible label of the first button, e.g. "Revoke". */
  label: string;
  /** Accessible name when the visible label alone is ambiguous (several rows with the same button). */
  ariaLabel?: string;
  question: string;
  confirmLabel: string;
  /** What runs once confirmed (a `useApiAction` without input): its progress and error are shown here. */
  action: { mutate: () => void; isPending: boolean; isSuccess: boolean; error: unknown };
  /** The page goes away once it worked (a deleted listing): the buttons stay disabled meanwhile. */
  leavesPage?: boolean;
  /** The page's own words for the action's error codes (see ActionError). */
  errorMessages?: Partial<Record<string, string>>;
};

/** A destructive action that asks in place before it runs, instead of a browser dialog. */
export function ConfirmButton({ label, ariaLabel, question, confirmLabel, action, leavesPage = false, errorMessages }: Props) {
  const { error } = action;
  const pending = action.isPending || (leavesPage && action.isSuccess);
  const onConfirm = () => action.mutate();
  const [asking, setAsking] = useState(false);
  // The button pressed is replaced by the question (and back): focus follows, instead of falling to the
  // page's body. It lands on Cancel, the safe answer: Enter pressed twice never destroys anything.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (asking) cancelRef.current?.focus();
    else if (answered.current) startRef.current?.focus();
  }, [asking]);
  const cancel = () => {
    answered.current = true;
    setAsking(false);
  };
  return (
    <div className="flex flex-col items-start gap-2">
      {asking ? (
        <div role="group" aria-label={question} className="flex flex-wrap items-center gap-2">
          <span className="text-sm text-slate-700">{question}</span>
          <Button variant="danger" disabled={pending} onClick={onConfirm}>
            {pending ? "Working…" : confirmLabel}
          </Button>
          <Button ref={cancelRef} variant="secondary" disabled={pending} onClick={cancel}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button ref={startRef} variant="secondary" aria-label={ariaLabel} onClick={() => setAsking(true)}>
          {label}
        </Button>
      )}
      <ActionError error={error} messages={errorMessages} />
    </div>
  );
}
