import type { YaptureIdentity } from "@/lib/callers/identity";

import type { Claim } from "./claims";
import type { ClaimResource, QueueStandingResource, QueueStatisticsResource } from "./schemas";
import type { Standing } from "./standing";
import type { QueueStatistics } from "./statistics";

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

/** A claim as administrators see it: who holds it, and whether the caller does. */
export function claimView(claim: Claim, viewer: Pick<YaptureIdentity, "sub">): ClaimResource {
  return {
    queue: claim.queue,
    itemId: claim.itemId,
    claimedBy: { name: claim.adminName, email: claim.adminEmail },
    mine: claim.adminYaptureUserId === viewer.sub,
    claimedAt: claim.claimedAt.toISOString(),
    expiresAt: claim.expiresAt.toISOString(),
  };
}

export function queueStatisticsView(statistics: QueueStatistics): QueueStatisticsResource {
  return {
    ...statistics,
    oldestWaitingSince: statistics.oldestWaitingSince?.toISOString() ?? null,
    decisionTimes: { days: 30, ...statistics.decisionTimes },
  };
}
