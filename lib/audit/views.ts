import type { AuditEventResource } from "./schemas";

import type { AuditEventRow } from "./service";

export function auditEventView(event: AuditEventRow): AuditEventResource {
  return {
    id: event.id,
    actor: { yaptureUserId: event.actorYaptureUserId, email: event.actorEmail },
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    targetName: event.targetName,
    before: event.before,
    after: event.after,
    createdAt: event.createdAt.toISOString(),
  };
}
