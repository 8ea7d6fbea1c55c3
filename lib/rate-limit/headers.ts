import type { Policy } from "./policies";

/** Where one key stands under one policy after a request: what is left and when the window resets. */
export type RateLimitState = { policy: Policy; remaining: number; resetSeconds: number };

// draft-ietf-httpapi-ratelimit-headers: each field is a structured-field List with one Item per
// policy the request counted against, e.g. `"developer-api";q=300;w=60, "submit";q=30;w=3600`:
// the policy (quota q per window w seconds) and its state (r remaining, t seconds until reset).
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export function rateLimitHeaders(states: readonly RateLimitState[]): Record<string, string> {
  if (states.length === 0) return {};
  // A policy counted twice in one request is reported once, with its latest state.
  const latest = [...new Map(states.map((state) => [state.policy.name, state])).values()];
  const item = (state: RateLimitState) => `"${kebab(state.policy.name)}"`;
  return {
    "ratelimit-policy": latest.map((state) => `${item(state)};q=${state.policy.points};w=${state.policy.seconds}`).join(", "),
    ratelimit: latest.map((state) => `${item(state)};r=${Math.max(0, state.remaining)};t=${Math.max(0, state.resetSeconds)}`).join(", "),
  };
}
