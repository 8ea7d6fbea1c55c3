import type { AuditEvent } from "@/db/schema";
import type { AuditEventResource } from "@/lib/validation/responses";

export function auditEventView(event: AuditEvent): AuditEventResource {
  return {
    id: event.id,
    actor: { yaptureUserId: event.actorYaptureUserId, email: event.actorEmail },
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    before: event.before,
    after: event.after,
    createdAt: event.createdAt.toISOString(),
  };
}
