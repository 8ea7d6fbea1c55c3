"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while the server's HTML is on screen and React has not attached its handlers yet, true
 * after. A button that works only through script says `aria-disabled` until then, so an early tap
 * is announced as "not yet" (and browser tests wait for it) instead of being silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Spread on a `<button>` that works only through script: `aria-disabled` until hydrated. */
export function useScriptOnlyButton(): { "aria-disabled"?: true } {
  return useHydrated() ? {} : { "aria-disabled": true };
}
