"use client";

import { useSyncExternalStore } from "react";

import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint-cookie";

// Whether someone signed in on this browser, as the hint cookie says (lib/auth/signed-in-hint-cookie.ts):
// the islands of public pages ask for the person's part only then. The server's HTML is always the
// anonymous page, so during hydration the answer is false and React renders the hinted state after.

const listeners = new Set<() => void>();

const hinted = () => document.cookie.split(";").some((part) => part.trim().startsWith(`${SIGNED_IN_HINT_COOKIE}=1`));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSignedInHint(): boolean {
  return useSyncExternalStore(subscribe, hinted, () => false);
}

/** The session behind the hint has ended (the API answered 401, or the person signs out): drop it. */
export function forgetSignedInHint(): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
}
