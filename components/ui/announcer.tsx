// The page's one polite live region (lib/client/announce.ts fills it). It is in the page from the
// start, so a screen reader already watches it when the first message arrives, and when empty it
// is visually hidden, never `display: none` (a region that is not rendered announces nothing).

export const ANNOUNCER_ID = "announcer";

export const ANNOUNCER_CLASS =
  "fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-lg bg-slate-900 px-4 py-3 text-center text-sm font-medium text-white shadow-lg empty:sr-only";

export function Announcer() {
  return (
    <div
      id={ANNOUNCER_ID}
      role="status"
      aria-live="polite"
      data-testid="announcer"
      className={ANNOUNCER_CLASS}
      // Its text is written outside React (announce.ts), which a render must not fight over.
      suppressHydrationWarning
    />
  );
}
