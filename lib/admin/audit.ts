import { count, desc } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { auditEvents, type AuditEvent } from "@/db/schema";
import type { YaptureIdentity } from "@/lib/auth/identity";
import { offsetOf, type Paging } from "@/lib/http";
import type { AuditEventResource } from "@/lib/validation/responses";

export type AuditEntry = {
  actor: YaptureIdentity;
  action: string;
  targetType: "developer" | "app";
  targetId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

/** Written in the transaction of the action it records. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorYaptureUserId: entry.actor.sub,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
  });
}

export async function listAuditEvents(paging: Paging): Promise<{ rows: AuditEvent[]; total: number }> {
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db.select().from(auditEvents).orderBy(desc(auditEvents.createdAt), desc(auditEvents.id)).limit(paging.limit).offset(offsetOf(paging)),
    db.select({ value: count() }).from(auditEvents),
  ]);
  return { rows, total: total?.value ?? 0 };
}

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
