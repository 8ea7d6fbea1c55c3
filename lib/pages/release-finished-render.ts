import { cacheSignal } from "react";

/**
 * Lets a finished page render be garbage-collected. When a render completes, React aborts its
 * cache signal with an Error that nobody reads (react/react#37288, fix pending in #37289). Until an
 * Error's `stack` is read, V8 keeps the raw stack frames, and those reach the timers queue the render
 * ran on, whose entries link to other requests' renders: under load every page request stayed in
 * memory for good (docs/benchmarks.md). Reading `stack` once turns the frames into a string.
 * Call it from a server component that every page renders (the root layout).
 */
export function releaseFinishedRender(): void {
  const signal = cacheSignal();
  signal?.addEventListener("abort", () => formatStack(signal.reason), { once: true });
}

function formatStack(reason: unknown): void {
  if (reason instanceof Error) void reason.stack;
}
