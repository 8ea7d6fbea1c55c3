"use client";

import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";

import { ActionError } from "@/components/ui/action-error";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { announce, focusWhenShown } from "@/lib/client/announce";
import { callOf } from "@/lib/client/operation-call";
import { useApiAction } from "@/lib/client/use-api-action";
import { API_KEYS } from "@/lib/api-keys/operations";
import { API_KEY_LIMITS } from "@/lib/api-keys/schemas";

import { OneTimeKey } from "./one-time-key";

type Successor = { name: string; key: string };

const ShowSuccessor = createContext<(successor: Successor) => void>(() => {});

/** Where focus goes once a key is rotated: its successor, shown once. */
const SUCCESSOR_INPUT = "rotated-api-key";

/**
 * The keys list, with the full successor of a key just rotated above it, once. It lives here, not
 * in the row, because the page re-renders after the rotation and the old key's row then offers no
 * Rotate any more.
 */
export function RotatedKeys({ children }: { children: ReactNode }) {
  const [successor, setSuccessor] = useState<Successor | null>(null);
  return (
    <ShowSuccessor.Provider value={setSuccessor}>
      <div className="space-y-4">
        {successor ? (
          <OneTimeKey
            name={successor.name}
            value={successor.key}
            title={`The successor of “${successor.name}”`}
            inputId={SUCCESSOR_INPUT}
            onDismiss={() => {
              setSuccessor(null);
              announce("The successor is hidden for good; it stays listed, masked, in your keys.");
              focusWhenShown("page-title");
            }}
          />
        ) : null}
        {children}
      </div>
    </ShowSuccessor.Provider>
  );
}

/**
 * Rotates a key: asks in place how long the old key keeps working beside its successor (0–72 hours,
 * 24 by default), then shows the successor in full, once (RotatedKeys).
 */
export function RotateKeyButton({ id, name }: { id: string; name: string }) {
  const show = useContext(ShowSuccessor);
  const [asking, setAsking] = useState(false);
  const [hours, setHours] = useState("24");
  const rotate = useApiAction((body: { overlapHours: number }) => callOf(API_KEYS.rotate, { params: { id }, body }), {
    onSuccess: (successor) => {
      setAsking(false);
      show({ name: successor.name, key: successor.key });
    },
    announce: (_, { overlapHours }) =>
      `Key “${name}” is rotated. Copy its successor now: it is shown only once. The old key stops ${
        overlapHours === 0 ? "now" : `in ${overlapHours} hour${overlapHours === 1 ? "" : "s"}`
      }.`,
    focus: SUCCESSOR_INPUT,
  });
  // The question replaces the button, and the button the question: focus follows each.
  const startRef = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (asking) document.getElementById(`overlap-${id}`)?.focus();
    else if (answered.current) startRef.current?.focus();
  }, [asking, id]);

  if (!asking) {
    return (
      <Button ref={startRef} variant="secondary" aria-label={`Rotate ${name}`} onClick={() => setAsking(true)}>
        Rotate
      </Button>
    );
  }
  return (
    <form
      aria-label={`Rotate ${name}`}
      className="w-48 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        rotate.mutate({ overlapHours: Number(hours) });
      }}
    >
      <TextField
        label="Old key keeps working for (hours)"
        id={`overlap-${id}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={API_KEY_LIMITS.maxOverlapHours}
        step={1}
        required
        hint={`0–${API_KEY_LIMITS.maxOverlapHours}: time to move your scripts to the successor.`}
        name="overlapHours"
        value={hours}
        onChange={(event) => setHours(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={rotate.isPending}>
          {rotate.isPending ? "Rotating…" : "Rotate key"}
        </Button>
        <Button
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() => {
            answered.current = true;
            rotate.reset();
            setAsking(false);
          }}
        >
          Cancel
        </Button>
      </div>
      <ActionError error={rotate.error} />
    </form>
  );
}
