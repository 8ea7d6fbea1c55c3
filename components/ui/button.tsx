"use client";

import type { ComponentPropsWithRef } from "react";

import { useHydrated } from "@/lib/client/use-hydrated";

type Variant = "primary" | "secondary" | "danger" | "dangerOutline" | "quiet";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-500/60 aria-disabled:bg-brand-500/60",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400 aria-disabled:text-slate-500",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-400 aria-disabled:bg-red-500/70",
  // A destructive action that asks first (Unpublish on every row): quiet until its confirm step, which is solid `danger`.
  dangerOutline: "border border-red-300 bg-white text-red-700 hover:bg-red-50 aria-disabled:text-red-400",
  // A minor action beside content (e.g. "Report" under a review): text, no box.
  quiet: "px-1! py-0.5! text-slate-600 underline hover:text-slate-900 aria-disabled:text-slate-400",
};

/**
 * A button that does only what its `onClick` says: `type` defaults to "button", so one inside a form
 * (a confirm-delete beside "Save") never submits that form as well. Submit buttons say `type="submit"`.
 *
 * Until the page is hydrated (see useHydrated) nothing of ours listens: a script-only button says
 * `aria-disabled`, and a submit button is disabled, because the browser would otherwise send its
 * form natively (a GET to the same page, the fields in the URL, what was typed lost). A form that
 * works without script, such as a GET filter, says `worksWithoutScript`.
 *
 * `disabled` (e.g. while the action runs) is `aria-disabled` and ignores clicks, not the native
 * attribute: a natively disabled button drops the keyboard focus on the page's body.
 */
export function Button({
  variant = "primary",
  className = "",
  type = "button",
  worksWithoutScript = false,
  disabled,
  onClick,
  ...props
}: ComponentPropsWithRef<"button"> & { variant?: Variant; worksWithoutScript?: boolean }) {
  const waiting = !useHydrated() && !worksWithoutScript;
  return (
    <button
      type={type}
      disabled={waiting && type === "submit"}
      aria-disabled={disabled || (waiting && type === "button") ? true : undefined}
      onClick={(event) => {
        // Also stops the form's submission, by click or by Enter in one of its fields.
        if (disabled) event.preventDefault();
        else onClick?.(event);
      }}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition disabled:cursor-not-allowed aria-disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
