// When a failed delivery is tried again (docs/webhooks.md): 12 tries over about three days, each
// wait about four times the one before up to a day, with ±10% jitter so that the retries of an
// endpoint that came back do not all arrive at once.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The wait after each failed try; after the last, the delivery is FAILED. */
export const RETRY_DELAYS_MS = [
  30_000,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  12 * HOUR,
  24 * HOUR,
  24 * HOUR,
] as const;

/** Tries in all, the first included. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** How long an endpoint may fail everything before the marketplace turns it off: the schedule's length. */
export const FAILING_FOR_MS = RETRY_DELAYS_MS.reduce((sum: number, delay) => sum + delay, 0);

/** The wait after `attempts` failed tries, or null when none is left; `random` in [0, 1) gives the jitter. */
export function retryDelayMs(attempts: number, random: number = Math.random()): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.9 + 0.2 * random));
}
