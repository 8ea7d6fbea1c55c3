import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { getDb, type Executor } from "@/db/client";
import { countRows, paginate, type Page } from "@/db/paginate";
import { apps, auditEvents, developers, reviews, type AuditEvent } from "@/db/schema";
import type { YaptureIdentity } from "@/lib/callers/identity";
import type { Paging } from "@/lib/core/paging";

/**
 * Who acted: an administrator (the default: every decision of the admin pages), a member of a
 * developer account, or one of its API keys (no person: `sub` and `email` are null).
 */
type AuditActor =
  | (Pick<YaptureIdentity, "sub" | "email"> & { kind?: "administrator" })
  | { kind: "member" | "api_key"; sub: string | null; email: string | null; name: string };

export type AuditEntry = {
  actor: AuditActor;
  /** The developer account whose audit log shows the event (its owners read it); none for the marketplace's own. */
  developerId?: string;
  action: string;
  targetType: "developer" | "app" | "review" | "api_key" | "member" | "invitation";
  targetId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

/** Written in the transaction of the action it records. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorYaptureUserId: entry.actor.sub,
    actorEmail: entry.actor.email,
    actorKind: entry.actor.kind ?? "administrator",
    actorName: entry.actor.kind === "member" || entry.actor.kind === "api_key" ? entry.actor.name : null,
    developerId: entry.developerId ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before,
    after: entry.after,
  });
}

/** An audit event with the current name of what it acted on (null once that is deleted). */
export type AuditEventRow = AuditEvent & { targetName: string | null };

/** Every event, newest first (the administrators' log), or one developer account's (its owners' log). */
export async function listAuditEvents(paging: Paging, { developerId }: { developerId?: string } = {}): Promise<Page<AuditEventRow>> {
  const db = await getDb();
  const where = developerId === undefined ? undefined : eq(auditEvents.developerId, developerId);
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
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ event, targetName }) => ({ ...event, targetName }));
    },
    total: () => countRows(db, auditEvents, where),
  });
}
