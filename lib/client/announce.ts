"use client";

const REGION_ID = "announcer";
const SHOWN_MS = 6000;
const FOCUS_WAIT_MS = 10_000;

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The page's one polite live region, added on first use; it sits outside React, so no re-render
 * clears it. Its frame is at the top of a phone's screen (at the bottom the message covered the
 * buttons a thumb reaches for) and at the bottom of a wider one, and has a button to dismiss it.
 */
function region(): HTMLElement {
  const existing = document.getElementById(REGION_ID);
  if (existing) return existing;
  const frame = document.createElement("div");
  frame.id = `${REGION_ID}-frame`;
  frame.hidden = true;
  frame.className = "pointer-events-none fixed inset-x-4 top-4 z-50 mx-auto flex max-w-md justify-center sm:top-auto sm:bottom-4";
  const card = document.createElement("div");
  card.className = "pointer-events-auto flex items-start gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-lg";
  const created = document.createElement("div");
  created.id = REGION_ID;
  created.setAttribute("role", "status");
  created.setAttribute("aria-live", "polite");
  created.dataset.testid = "announcer";
  created.className = "min-w-0 flex-1 text-center";
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.textContent = "×";
  dismiss.setAttribute("aria-label", "Dismiss the message");
  dismiss.className = "-my-1 shrink-0 rounded px-2 text-base leading-6 text-slate-200 hover:bg-slate-700 hover:text-white";
  dismiss.addEventListener("click", () => show(created, ""));
  card.append(created, dismiss);
  frame.append(card);
  document.body.append(frame);
  return created;
}

/** Puts `message` in the live region, and shows its frame while there is one. */
function show(live: HTMLElement, message: string): void {
  live.textContent = message;
  const frame = live.closest<HTMLElement>(`#${REGION_ID}-frame`);
  if (frame) frame.hidden = message === "";
  if (message === "") clearTimeout(hideTimer);
}

/**
 * Says what just happened: a screen reader hears it, everyone sees it for a few seconds (an action
 * whose result is elsewhere on the page, or whose row vanished, is never silent).
 */
export function announce(message: string): void {
  const live = region();
  show(live, "");
  // A live region speaks a change it saw happen: empty it first, fill it on the next task.
  setTimeout(() => {
    show(live, message);
    hideTimer = setTimeout(() => show(live, ""), SHOWN_MS);
  }, 50);
}

/**
 * Puts the person where the result is: focus moves to the element with this id, which may appear
 * only with the refreshed page; until the person moves on (at most 10 s), while the page re-renders from the server,
 * focus that falls to the body (its element replaced) is put back on the new element.
 * An element that is not focusable by itself (a heading, a status) becomes focusable from script only.
 */
export function focusWhenShown(id: string): void {
  const deadline = performance.now() + FOCUS_WAIT_MS;
  let focused: HTMLElement | null = null;
  const attempt = () => {
    const target = document.getElementById(id);
    const active = document.activeElement;
    const lost = !focused || active === document.body || active === null;
    // The person moved on by themselves: leave their focus alone.
    if (focused && !lost && active !== target) return;
    if (target && target !== active && lost) {
      if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.tabIndex = -1;
      target.focus({ preventScroll: true });
      if (!focused) target.scrollIntoView({ block: "nearest" });
      focused = target;
    }
    if (performance.now() < deadline) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
