"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";

import { Button } from "@/components/ui/button";
import { apiFetch, ProblemError } from "@/lib/client/api";

type Props = {
  label: string;
  endpoint: string;
  body?: Record<string, unknown>;
  /** When set, the action asks for a reason first and sends it as `{ reason }`. */
  reasonLabel?: string;
  variant?: "primary" | "secondary" | "danger";
};

/** One administrator action against the admin API; the page re-renders from the server afterwards. */
export function ActionButton({ label, endpoint, body, reasonLabel, variant = "secondary" }: Props) {
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const action = useMutation({
    mutationFn: (payload: Record<string, unknown> | undefined) => apiFetch(endpoint, { method: "POST", body: payload ?? {} }),
    onSuccess: () => {
      setAsking(false);
      setReason("");
      router.refresh();
    },
  });
  const error = action.error instanceof ProblemError ? action.error.message : action.error ? "Something went wrong" : null;

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
          <textarea value={reason} onChange={(event) => setReason(event.target.value)} required maxLength={2000} rows={2} className="mt-1 w-64 rounded-lg border border-slate-300 p-2 text-sm" />
        </label>
        <div className="flex gap-2">
          <Button type="submit" variant={variant} disabled={action.isPending || reason.trim() === ""}>
            {label}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </div>
        {error ? <p className="text-xs text-red-600">{error}</p> : null}
      </form>
    );
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant={variant} disabled={action.isPending} onClick={() => (reasonLabel ? setAsking(true) : action.mutate(body))}>
        {label}
      </Button>
      {error ? <span className="text-xs text-red-600">{error}</span> : null}
    </span>
  );
}
