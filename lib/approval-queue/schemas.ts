import { z } from "zod";

import { APPROVAL_QUEUES } from "@/lib/core/enums";
import { nullableTimestamp, timestamp } from "@/lib/validation/shared";

const seconds = z.number().int().min(0).nullable();

/** Where one of the caller's items waiting for a decision stands: counts and times, nothing of anyone else's items. */
export const queueStandingSchema = z
  .object({
    queue: z.enum(APPROVAL_QUEUES).meta({ description: "New listings, updates of live apps, or public profile changes." }),
    position: z.number().int().min(1).meta({ description: "1 is the next to be decided: each queue is worked oldest-submitted first." }),
    queueLength: z.number().int().min(1).meta({ description: "How many items of this queue wait, this one included." }),
    waitingSince: timestamp.meta({ description: "When it was submitted (for a profile change: asked for)." }),
    decisionTimes: z
      .object({
        days: z.literal(30),
        decisions: z.number().int().min(0).meta({ description: "Decisions of this queue in the last 30 days that the figures measure." }),
        medianSeconds: seconds.meta({ description: "Half of them came within this time of their submission; null without decisions." }),
        p90Seconds: seconds.meta({ description: "9 in 10 came within this time; null without decisions." }),
      })
      .strict(),
    expectedBy: nullableTimestamp.meta({ description: "`waitingSince` + `p90Seconds`: null without decisions to measure." }),
    pickedUp: z.boolean().meta({ description: "An administrator has claimed it and is working on it." }),
    pickedUpAt: nullableTimestamp,
    lastActivityAt: timestamp.meta({ description: "Its last change, or an administrator's claim, whichever came last." }),
  })
  .strict()
  .meta({ id: "QueueStanding" });

export type QueueStandingResource = z.infer<typeof queueStandingSchema>;

/** An administrator's claim on an item waiting for a decision: advisory, shown to the other administrators. */
export const claimSchema = z
  .object({
    queue: z.enum(APPROVAL_QUEUES),
    itemId: z.uuid().meta({ description: "The listing's id, the update's (revision's) id, or the profile change's id." }),
    claimedBy: z.object({ name: z.string().nullable(), email: z.string() }).strict(),
    mine: z.boolean().meta({ description: "The caller holds it." }),
    claimedAt: timestamp,
    expiresAt: timestamp.meta({
      description: "It lapses then unless renewed (claiming again); a decision or withdrawal releases it at once.",
    }),
  })
  .strict()
  .meta({ id: "Claim" });

const ageSeconds = z.number().int().min(0).nullable();

/** One review queue's figures. */
export const queueStatisticsSchema = z
  .object({
    queue: z.enum(APPROVAL_QUEUES),
    waiting: z.number().int().min(0),
    oldestWaitingSince: nullableTimestamp,
    ageMedianSeconds: ageSeconds.meta({ description: "Median age of the waiting items; null when none wait." }),
    ageP90Seconds: ageSeconds.meta({ description: "90th percentile age of the waiting items; null when none wait." }),
    over24h: z.number().int().min(0).meta({ description: "Waiting items submitted over 24 hours ago." }),
    over48h: z.number().int().min(0).meta({ description: "Waiting items submitted over 48 hours ago (counted in over24h too)." }),
    decisionTimes: z
      .object({ days: z.literal(30), decisions: z.number().int().min(0), medianSeconds: ageSeconds, p90Seconds: ageSeconds })
      .strict(),
    decisionsByDay: z
      .array(z.object({ date: z.iso.date(), count: z.number().int().min(0) }).strict())
      .length(30)
      .meta({ description: "Approvals and rejections per UTC day, the last 30 days, oldest first (today last)." }),
  })
  .strict()
  .meta({ id: "QueueStatistics" });

export type ClaimResource = z.infer<typeof claimSchema>;
export type QueueStatisticsResource = z.infer<typeof queueStatisticsSchema>;
