import { z } from "zod";

import { EMAIL_STATUSES, EMAIL_TYPES } from "@/lib/core/enums";
import { pagingQuery } from "@/lib/core/paging";
import { id, nullableTimestamp, timestamp } from "@/lib/validation/shared";

// The query and answer of the administrators' email log.

export const adminEmailsQuery = z.object({
  to: z.string().trim().min(1).max(254).optional(),
  type: z.enum(EMAIL_TYPES).optional(),
  ...pagingQuery(),
});

export const emailLogEntrySchema = z
  .object({
    id,
    to: z.string(),
    type: z.enum(EMAIL_TYPES),
    subject: z.string(),
    status: z.enum(EMAIL_STATUSES),
    attempts: z.number().int(),
    createdAt: timestamp,
    sentAt: nullableTimestamp,
    lastError: z.string().nullable(),
  })
  .strict()
  .meta({ id: "EmailLogEntry" });

export type EmailLogEntry = z.infer<typeof emailLogEntrySchema>;
