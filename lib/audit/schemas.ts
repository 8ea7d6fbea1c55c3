import { z } from "zod";

import { pagingQuery } from "@/lib/core/paging";
import { id, timestamp } from "@/lib/validation/shared";

// The query and answer of the administrators' audit log.

export const auditQuery = z.object({ ...pagingQuery({ defaultLimit: 50 }) });

export const auditEventSchema = z
  .object({
    id,
    actor: z.object({ yaptureUserId: z.string(), email: z.string() }).strict(),
    action: z.string(),
    targetType: z.string(),
    targetId: id,
    targetName: z.string().nullable().meta({ description: "The app's or developer's current name; null once it is deleted." }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: timestamp,
  })
  .strict()
  .meta({ id: "AuditEvent" });

export type AuditEventResource = z.infer<typeof auditEventSchema>;
