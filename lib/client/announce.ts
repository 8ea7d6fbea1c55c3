"use client";

import { ANNOUNCER_CLASS, ANNOUNCER_ID } from "@/components/ui/announcer";

const SHOWN_MS = 6000;
const FOCUS_WAIT_MS = 10_000;

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** The page's one polite live region (the root layout renders it; made here if a page has none). It sits outside React's text, so no re-render clears it. */
function region(): HTMLElement {
  const existing = document.getElementById(ANNOUNCER_ID);
  if (existing) return existing;
  const created = document.createElement("div");
  created.id = ANNOUNCER_ID;
  created.setAttribute("role", "status");
  created.setAttribute("aria-live", "polite");
  created.dataset.testid = "announcer";
  created.className = ANNOUNCER_CLASS;
  document.body.append(created);
  return created;
}

/**
 * Says what just happened: a screen reader hears it, everyone sees it for a few seconds at the
 * bottom of the screen (an action whose result is elsewhere on the page, or whose row vanished, is
 * never silent).
 */
export function announce(message: string): void {
  const live = region();
  live.textContent = "";
  clearTimeout(hideTimer);
  // A live region speaks a change it saw happen: empty it first, fill it on the next task.
  setTimeout(() => {
    live.textContent = message;
    hideTimer = setTimeout(() => (live.textContent = ""), SHOWN_MS);
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
