import { desc } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { countRows, paginate, type Page } from "@/db/paginate";
import { auditEvents, type AuditEvent } from "@/db/schema";
import type { YaptureIdentity } from "@/lib/auth/identity";
import type { Paging } from "@/lib/http";

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

export async function listAuditEvents(paging: Paging): Promise<Page<AuditEvent>> {
  const db = await getDb();
  return paginate(paging, {
    items: ({ limit, offset }) => db.select().from(auditEvents).orderBy(desc(auditEvents.createdAt), desc(auditEvents.id)).limit(limit).offset(offset),
    total: () => countRows(db, auditEvents),
  });
}
