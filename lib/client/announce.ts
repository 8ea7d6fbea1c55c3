"use client";

import { ANNOUNCER_DISMISS_ID, ANNOUNCER_FRAME_ID, ANNOUNCER_ID } from "@/components/ui/announcer";

const SHOWN_MS = 6000;
const FOCUS_WAIT_MS = 10_000;

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** The page's one polite live region (the root layout renders it: components/ui/announcer.tsx). */
function region(): HTMLElement {
  const existing = document.getElementById(ANNOUNCER_ID);
  if (existing) return existing;
  // Only a page outside the root layout has none: a visually hidden region then.
  const created = document.createElement("div");
  created.id = ANNOUNCER_ID;
  created.setAttribute("role", "status");
  created.setAttribute("aria-live", "polite");
  created.dataset.testid = "announcer";
  created.className = "sr-only";
  document.body.append(created);
  return created;
}

/** Puts `message` in the live region, and shows its frame and Dismiss button while there is one. */
function show(live: HTMLElement, message: string): void {
  live.textContent = message;
  document.getElementById(ANNOUNCER_FRAME_ID)?.toggleAttribute("data-empty", message === "");
  const dismiss = document.getElementById(ANNOUNCER_DISMISS_ID);
  if (dismiss) {
    dismiss.hidden = message === "";
    dismiss.onclick = () => show(live, "");
  }
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
