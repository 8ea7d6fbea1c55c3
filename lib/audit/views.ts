import type { AuditEventResource } from "./schemas";

import type { AuditEventRow } from "./service";

export function auditEventView(event: AuditEventRow): AuditEventResource {
  return {
    id: event.id,
    actor: {
      kind: event.actorKind as "administrator" | "member" | "api_key",
      yaptureUserId: event.actorYaptureUserId,
      email: event.actorEmail,
      name: event.actorName,
    },
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    targetName: event.targetName,
    before: event.before,
    after: event.after,
    createdAt: event.createdAt.toISOString(),
  };
}

/** An event in a developer account's own log: an administrator's decision names no administrator. */
export function publisherAuditEventView(event: AuditEventRow): AuditEventResource {
  const view = auditEventView(event);
  return view.actor.kind === "administrator"
    ? { ...view, actor: { kind: "administrator", yaptureUserId: null, email: null, name: null } }
    : view;
}
