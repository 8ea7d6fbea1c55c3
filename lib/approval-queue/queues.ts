import { appRevisions, apps, developerProfileChanges } from "@/db/schema";
import type { ApprovalQueue } from "@/lib/core/enums";

/**
 * Where each queue's items wait and what the audit log calls the start of a wait and its end: an
 * item waits from `waitingSince` while its status is PENDING; the time to a decision is the time
 * from the last `started` event before a `decided` event on the same target.
 */
export const QUEUES = {
  listing: {
    table: apps,
    status: apps.status,
    waitingSince: apps.submittedAt,
    updatedAt: apps.updatedAt,
    id: apps.id,
    started: "app.submit",
    decided: ["app.approve", "app.reject"],
  },
  update: {
    table: appRevisions,
    status: appRevisions.status,
    waitingSince: appRevisions.submittedAt,
    updatedAt: appRevisions.updatedAt,
    id: appRevisions.id,
    started: "revision.submit",
    decided: ["revision.approve", "revision.reject"],
  },
  profile_change: {
    table: developerProfileChanges,
    status: developerProfileChanges.status,
    waitingSince: developerProfileChanges.createdAt,
    updatedAt: developerProfileChanges.updatedAt,
    id: developerProfileChanges.id,
    started: "profile_change.request",
    decided: ["profile_change.approve", "profile_change.reject"],
  },
} as const satisfies Record<ApprovalQueue, unknown>;
