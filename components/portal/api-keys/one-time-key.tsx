"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";

type CopyState = "idle" | "copied" | "failed";

/**
 * The full key right after creation (or rotation: `title` says whose successor it is); the server
 * keeps only its hash, so this is the one chance to copy it. `inputId` is where an action puts the focus.
 */
export function OneTimeKey({
  name,
  value,
  onDismiss,
  title = `Your new API key “${name}”`,
  inputId = "new-api-key",
  label = "New API key",
}: {
  name: string;
  value: string;
  onDismiss: () => void;
  title?: string;
  inputId?: string;
  /** What the value is, for screen readers (a webhook's signing secret reuses this). */
  label?: string;
}) {
  const [copy, setCopy] = useState<CopyState>("idle");

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(value);
      setCopy("copied");
    } catch {
      // No clipboard access (insecure origin or denied permission): the field stays selectable.
      setCopy("failed");
    }
  }

  return (
    <div className="space-y-3 rounded-xl border-2 border-amber-300 bg-amber-50 p-5" data-testid="api-key-once">
      <h2 className="font-semibold text-amber-900">{title}</h2>
      <p className="text-sm text-amber-900">Copy it now and store it somewhere safe. It will not be shown again.</p>
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <input
          id={inputId}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-sm"
        />
        <Button type="button" onClick={() => void copyKey()}>
          Copy
        </Button>
      </div>
      <p role="status" className="text-xs text-amber-900">
        {copy === "copied" ? "Copied to the clipboard." : copy === "failed" ? "Could not copy; select the key and copy it yourself." : ""}
      </p>
      <Button type="button" variant="secondary" onClick={onDismiss}>
        I have stored it
      </Button>
    </div>
  );
}
