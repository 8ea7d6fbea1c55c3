// The page's one polite live region (lib/client/announce.ts fills it). It is in the page from the
// start, so a screen reader already watches it when the first message arrives. While empty its
// frame is visually hidden, never `display: none` (a region that is not rendered announces
// nothing), and its Dismiss button is hidden (nothing to dismiss, and no stray tab stop). The frame
// sits at the top of a phone's screen (at the bottom it covered the buttons a thumb reaches for)
// and at the bottom of a wider one.

export const ANNOUNCER_ID = "announcer";
export const ANNOUNCER_FRAME_ID = "announcer-frame";
export const ANNOUNCER_DISMISS_ID = "announcer-dismiss";

export function Announcer() {
  return (
    <div
      id={ANNOUNCER_FRAME_ID}
      data-empty=""
      className="pointer-events-none fixed inset-x-4 top-4 z-50 mx-auto flex max-w-md justify-center data-[empty]:sr-only sm:top-auto sm:bottom-4"
      // Its state is written outside React (announce.ts), which a render must not fight over.
      suppressHydrationWarning
    >
      <div className="pointer-events-auto flex items-start gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-lg">
        <div
          id={ANNOUNCER_ID}
          role="status"
          aria-live="polite"
          data-testid="announcer"
          className="min-w-0 flex-1 text-center"
          suppressHydrationWarning
        />
        <button
          id={ANNOUNCER_DISMISS_ID}
          type="button"
          hidden
          aria-label="Dismiss the message"
          className="-my-1 shrink-0 rounded px-2 text-base leading-6 text-slate-200 hover:bg-slate-700 hover:text-white"
          suppressHydrationWarning
        >
          ×
        </button>
      </div>
    </div>
  );
}
