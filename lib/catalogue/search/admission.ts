import { fairLine } from "@/lib/assets/hosted/fair-line";
import { env } from "@/lib/core/env";
import type { ApiError } from "@/lib/core/errors";
import { processWide } from "@/lib/core/process-cache";
import { charge, consume } from "@/lib/rate-limit/limiter";

// Who may start a search this process has not remembered: the one read whose cost the client
// chooses (issue 42: one address sending unique searches filled the pool). Each client (its
// address, or IPv6 /64: lib/core/client-address.ts) has
//
// - a budget of such searches per minute (the `search` policy, RATE_LIMIT_SEARCH, 120 a minute),
//   kept where every limit is kept (Postgres on a server, lib/rate-limit); a client over it costs
//   no write (the limiter remembers an exhausted key until its window resets). A point pays for
//   SEARCH_POINT_MS (25 ms) of the search's time; a longer one (a costly search, or one that ran out of its
//   budget) is charged a point more for each further SEARCH_POINT_MS it started, so the budget is
//   one of database time: at most 120 × 25 ms = 3 s a minute per client, plus the one search it
//   may have running (docs/public-api.md, "How a search runs");
// - one search running at a time, and two waiting, in a fair line of SEARCHES_AT_ONCE for the whole
//   process (lib/assets/hosted/fair-line.ts): more of the client's are 429 `rate_limited`, more than
//   WAITING in all, or a wait past the patience, 503 `service_unavailable`, with Retry-After.
//
// So the searches never hold more than SEARCHES_AT_ONCE of the pool's ten connections, each for at
// most SEARCH_BUDGET_MS, and the rest serve everything else. Remembered searches, and requests
// that join an identical search already under way, pass without either.

/** Of the pool's 10 connections (db/client.ts). */
const SEARCHES_AT_ONCE = 4;
/** Beyond these, a search is refused at once (503): at ~10–50 ms a search, ~0.1–0.4 s of waiting for four slots. */
const WAITING = 32;

const searches = processWide("search-line", () =>
  fairLine({
    what: "searches",
    slots: SEARCHES_AT_ONCE,
    perOwner: 1,
    waitingPerOwner: 2,
    waiting: WAITING,
    // Above the search's own budget (2 s by default): a client is never refused for its own search alone.
    patienceMs: 5_000,
    retryAfterSeconds: 1,
  }),
);

/** What the line would answer a new search of `client` now instead of starting or queueing it (429 or 503), if it would. */
export function searchLineRefusal(client: string): ApiError | undefined {
  return searches.refusal(client);
}

/** The line holds as many searches waiting as it takes: a search from anyone new is refused. */
export function searchLineIsFull(): boolean {
  return searches.counts.waiting >= WAITING;
}

/**
 * Runs `search` for `client` once its budget and the line admit it; else throws 429 or 503.
 * `counted: false`: a second step of a search already counted (its typo fallback) waits in the line only.
 */
export function admitSearch<T>(client: string, search: () => Promise<T>, { counted = true } = {}): Promise<T> {
  return searches.run(client, async () => {
    if (counted) await consume("search", client);
    const started = performance.now();
    try {
      return await search();
    } finally {
      await charge("search", client, Math.ceil((performance.now() - started) / env().SEARCH_POINT_MS) - 1);
    }
  });
}
