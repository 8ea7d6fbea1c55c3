import type { QueueStandingResource } from "./schemas";
import type { Standing } from "./standing";

/** A developer's view of where their item stands. */
export function queueStandingView(standing: Standing): QueueStandingResource {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    queue: standing.queue,
    position: standing.position,
    queueLength: standing.queueLength,
    waitingSince: standing.waitingSince.toISOString(),
    decisionTimes: { days: 30, ...standing.decisionTimes },
    expectedBy: iso(standing.expectedBy),
    pickedUp: standing.pickedUpAt !== null,
    pickedUpAt: iso(standing.pickedUpAt),
    lastActivityAt: standing.lastActivityAt.toISOString(),
  };
}
