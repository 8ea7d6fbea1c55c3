/** Attempts per email, the first included; after the last failure the row is FAILED. */
export const MAX_ATTEMPTS = 6;

/**
 * How long a claim keeps other dispatchers off a row. A dispatcher that crashes mid-batch leaves
 * its rows PENDING; they are due again once the lease runs out.
 */
export const LEASE_MS = 60_000;

const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 2 min, 8 min, 32 min, then capped at 1 h. */
export function retryDelayMs({ attempts, retryAfterMs }: { attempts: number; retryAfterMs?: number }): number {
  const backoff = BASE_DELAY_MS * 4 ** Math.max(0, attempts - 1);
  return Math.min(MAX_DELAY_MS, Math.max(backoff, retryAfterMs ?? 0));
}
