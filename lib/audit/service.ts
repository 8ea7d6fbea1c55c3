import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { getDb, type Executor } from "@/db/client";
import { countRows, paginate, type Page } from "@/db/paginate";
import { apps, auditEvents, developers, reviews, type AuditEvent } from "@/db/schema";
import type { YaptureIdentity } from "@/lib/callers/identity";
import type { Paging } from "@/lib/core/paging";

export type AuditEntry = {
  actor: Pick<YaptureIdentity, "sub" | "email">;
  action: string;
  targetType: "developer" | "app" | "review";
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

/** An audit event with the current name of what it acted on (null once that is deleted). */
export type AuditEventRow = AuditEvent & { targetName: string | null };

export async function listAuditEvents(paging: Paging): Promise<Page<AuditEventRow>> {
  const db = await getDb();
  return paginate(paging, {
    items: async ({ limit, offset }) => {
      // A moderated review is named by the app it is about.
      const reviewedApps = alias(apps, "reviewed_apps");
      const rows = await db
        .select({
          event: auditEvents,
          targetName: sql<string | null>`coalesce(${apps.name}, ${developers.name}, 'Review of ' || ${reviewedApps.name})`,
        })
        .from(auditEvents)
        .leftJoin(apps, and(eq(auditEvents.targetType, "app"), eq(apps.id, auditEvents.targetId)))
        .leftJoin(developers, and(eq(auditEvents.targetType, "developer"), eq(developers.id, auditEvents.targetId)))
        .leftJoin(reviews, and(eq(auditEvents.targetType, "review"), eq(reviews.id, auditEvents.targetId)))
        .leftJoin(reviewedApps, eq(reviewedApps.id, reviews.appId))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ event, targetName }) => ({ ...event, targetName }));
    },
    total: () => countRows(db, auditEvents),
  });
}
