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
