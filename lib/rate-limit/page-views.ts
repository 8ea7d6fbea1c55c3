import { getDb } from "@/db/client";
import { KiB } from "@/lib/core/bounded-cache";
import { rateLimitKeyOf } from "@/lib/core/client-address";
import { env } from "@/lib/core/env";
import { boundedCache, processCache } from "@/lib/core/process-cache";

import { rateLimitHeaders, type RateLimitState } from "./headers";
import { PAGE_COUNT_BYTES, PageViewCounter, type PageCount } from "./page-view-counter";
import { policyOf } from "./policies";

// The page limit of this process (docs/api.md, "Rate limits"): one counter, whoever counts a view.
// proxy.ts counts the pages Next renders, and the production server (lib/server) the pages it
// answers itself; those are two copies of this module (Next bundles its own), so the counter lives
// in the process caches, on globalThis. On a database server its counts are shared in batches
// (./page-view-counter.ts); on PGlite (one process) they stay in the process.

/** A view is served with these rate-limit headers, or refused: answer the 429 page (lib/pages/rate-limited-page.ts) with `state`. */
type PageView = { limited: false; headers: Record<string, string> } | { limited: true; state: RateLimitState };

// One counter per configuration (the policy as set, and the database): keys from a fixed set.
const counters = processCache<string, PageViewCounter>("page-view-counters");

/**
 * ~2,300 keys (a count ~88 bytes, its key `pages:<client>` ~40, the cache's bookkeeping). An evicted
 * key's count starts again here (its unsent views still go out with the next flush), and on a
 * database server comes back from the database's total at the key's next flush.
 */
const COUNTS_MAX_BYTES = 512 * KiB;

function pageViewCounter(): PageViewCounter {
  const policy = policyOf("pages");
  const { DATABASE_URL } = env();
  const id = `${policy.points}/${policy.seconds}:${DATABASE_URL ?? "memory"}`;
  let counter = counters.get(id);
  if (!counter) {
    const counts = boundedCache<string, PageCount>({
      name: "rate-limit-page-views",
      maxBytes: COUNTS_MAX_BYTES,
      sizeOf: () => PAGE_COUNT_BYTES,
    });
    const created: PageViewCounter = new PageViewCounter({
      policy,
      counts,
      database: DATABASE_URL ? async () => (counters.get(id) === created ? getDb() : null) : undefined,
    });
    counters.set(id, (counter = created));
  }
  return counter;
}

/**
 * Counts a page view of `client` (the client as limits count it: `clientAddressOf(request)`, or
 * `clientNetworkOf(address)` of the socket's address) against the page limit, at once: no wait on
 * the database. Limits off: served, without headers.
 */
export function consumePageView(client: string): PageView {
  if (env().RATE_LIMITS === "off") return { limited: false, headers: {} };
  const { limited, state } = pageViewCounter().count(rateLimitKeyOf(client));
  return limited ? { limited, state } : { limited, headers: rateLimitHeaders([state]) };
}

/** Sends the page views counted so far to the database (tests, and the server's shutdown); never rejects. */
export async function flushPageViewCounts(): Promise<void> {
  await Promise.all([...counters.values()].map((counter) => counter.flush()));
}
