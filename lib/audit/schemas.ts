import { z } from "zod";

import { pagingQuery } from "@/lib/core/paging";
import { id, timestamp } from "@/lib/validation/shared";

// The query and answer of the administrators' audit log.

export const auditQuery = z.object({ ...pagingQuery({ defaultLimit: 50 }) });

export const auditEventSchema = z
  .object({
    id,
    actor: z
      .object({
        kind: z.enum(["administrator", "member", "api_key"]),
        yaptureUserId: z.string().nullable(),
        email: z.string().nullable(),
        name: z.string().nullable().meta({ description: "A member's name or an API key's; null for an administrator." }),
      })
      .strict()
      .meta({ description: "Who acted: an administrator, a member of the developer account, or one of its API keys (no person)." }),
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
