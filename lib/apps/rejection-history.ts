import { and, desc, eq, inArray } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apps, auditEvents, type AppRejection } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { accessibleApp, type Access } from "@/lib/members/access";

/** How many past rejections a listing's history shows, newest first. */
const HISTORY_LIMIT = 100;

/** One past rejection of a listing (`listing`) or of one of its updates (`update`), as the audit log kept it. */
export type PastRejection = AppRejection & { of: "listing" | "update" };

const KINDS = { "app.reject": "listing", "revision.reject": "update" } as const;

/**
 * Every rejection of one of the caller's listings and of its updates, newest first: read from the
 * audit log, which keeps each decision's reasons and message, so a resubmission or an approval
 * (which clear the listing's `rejection`) loses none of them.
 */
export async function listPastRejections({ access, appId }: { access: Access; appId: string }): Promise<PastRejection[]> {
  const db = await getDb();
  const [app] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!app) throw notFound("app");
  const events = await db
    .select({ action: auditEvents.action, after: auditEvents.after, createdAt: auditEvents.createdAt })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "app"), eq(auditEvents.targetId, app.id), inArray(auditEvents.action, Object.keys(KINDS))))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(HISTORY_LIMIT);
  return events.map(({ action, after, createdAt }) => ({
    of: KINDS[action as keyof typeof KINDS],
    reasons: (after?.reasons as AppRejection["reasons"] | undefined) ?? [],
    message: (after?.message as string | null | undefined) ?? null,
    rejectedAt: createdAt.toISOString(),
  }));
}
