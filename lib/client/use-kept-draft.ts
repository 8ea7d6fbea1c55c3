"use client";

import { useEffect, useRef } from "react";

import { announce } from "./announce";

const PREFIX = "draft:";

/** Drops every kept draft of this tab (signing out). */
export function forgetKeptDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: there are no drafts.
  }
}

/**
 * Keeps a form's unsaved values in this tab's sessionStorage while they differ from what is saved, and
 * brings them back when the form is shown again: after the session ended and the person signed in
 * again, after a reload, after following a link away and back. `key` names the saved version
 * (e.g. its `updatedAt`): a draft of a version changed since is dropped, never applied over it.
 * `forget()` after a successful save.
 */
export function useKeptDraft<T>(key: string, values: T, unsaved: boolean, restore: (draft: T) => void): { forget: () => void } {
  const storageKey = `${PREFIX}${key}`;
  const restored = useRef(false);
  // The values just saved: not kept again as a draft (the form shows them until the page re-renders).
  const forgotten = useRef<string | null>(null);
  const json = JSON.stringify(values);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const kept = readDraft<T>(storageKey);
    if (kept === undefined) return;
    restore(kept);
    announce("Your unsaved changes are back in the form.");
    // Only the first render restores; `restore` and the key are those of the form as first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!restored.current || json === forgotten.current) return;
    try {
      if (unsaved) sessionStorage.setItem(storageKey, json);
      else sessionStorage.removeItem(storageKey);
    } catch {
      // Storage full or disabled: the form works, the draft is just not kept.
    }
  }, [storageKey, json, unsaved]);
  return {
    forget: () => {
      forgotten.current = json;
      try {
        sessionStorage.removeItem(storageKey);
      } catch {
        // As above.
      }
    },
  };
}

function readDraft<T>(storageKey: string): T | undefined {
  try {
    const kept = sessionStorage.getItem(storageKey);
    return kept === null ? undefined : (JSON.parse(kept) as T);
  } catch {
    return undefined;
  }
}
