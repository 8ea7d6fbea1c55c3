import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";

import { getDb, type Transaction } from "@/db/client";
import { appScreenshots, apps, developers, type App, type Developer } from "@/db/schema";
import { developerAppView } from "@/lib/apps/developer-view";
import { APP_TRANSITIONS, refusalReason, type AppAction } from "@/lib/apps/state-machine";
import type { YaptureIdentity } from "@/lib/auth/identity";
import type { AppStatus } from "@/lib/domain/enums";
import { enqueueEmail } from "@/lib/email/outbox";
import { ApiError, notFound, offsetOf, type Paging } from "@/lib/http";
import type { RejectAppInput } from "@/lib/validation/admin";
import type { AdminAppResource } from "@/lib/validation/responses";
import { uuidParam } from "@/lib/validation/common";

import { recordAudit } from "./audit";

type Screens = { url: string; caption: string | null; position: number }[];

/** A listing as reviewers see it: the developer's view plus who made it and internal notes. */
export function adminAppView(
  app: App,
  screenshots: Screens,
  developer: Pick<Developer, "id" | "name" | "email" | "companyName" | "status">,
): AdminAppResource {
  return {
    ...developerAppView(app, screenshots),
    reviewCount: app.reviewCount,
    averageRating: app.averageRating === null ? null : Number(app.averageRating),
    unpublishReason: app.unpublishReason,
    developer: { id: developer.id, name: developer.name, email: developer.email, companyName: developer.companyName, status: developer.status },
  };
}

const developerColumns = { id: developers.id, name: developers.name, email: developers.email, companyName: developers.companyName, status: developers.status };

/** The review queue: PENDING oldest-submitted first by default; other states newest first. */
export async function listAppsForAdmin({ status, paging }: { status: AppStatus; paging: Paging }) {
  const db = await getDb();
  const where: SQL = eq(apps.status, status);
  const order = status === "PENDING" ? [asc(apps.submittedAt), asc(apps.id)] : [desc(apps.updatedAt), desc(apps.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ app: apps, developer: developerColumns })
      .from(apps)
      .innerJoin(developers, eq(developers.id, apps.developerId))
      .where(where)
      .orderBy(...order)
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    db.select({ value: count() }).from(apps).where(where),
  ]);
  const shots = rows.length
    ? await db.select().from(appScreenshots).where(inArray(appScreenshots.appId, rows.map((row) => row.app.id)))
    : [];
  return {
    items: rows.map((row) => adminAppView(row.app, shots.filter((shot) => shot.appId === row.app.id), row.developer)),
    total: total?.value ?? 0,
  };
}

export async function getAppForAdmin(appId: string) {
  if (!uuidParam.safeParse(appId).success) throw notFound("app");
  const db = await getDb();
  const [row] = await db.select({ app: apps, developer: developerColumns }).from(apps).innerJoin(developers, eq(developers.id, apps.developerId)).where(eq(apps.id, appId));
  if (!row) throw notFound("app");
  const shots = await db.select().from(appScreenshots).where(eq(appScreenshots.appId, appId));
  return adminAppView(row.app, shots, row.developer);
}

type Step = {
  action: AppAction;
  set: (now: Date, before: App) => Partial<typeof apps.$inferInsert>;
  audit?: Record<string, unknown>;
  notify?: (tx: Transaction, app: App, developer: Developer) => Promise<unknown>;
};

/** Row lock, conditional UPDATE from the action's allowed states, audit event and email, in one transaction. */
async function reviewTransition(actor: YaptureIdentity, appId: string, step: Step) {
  if (!uuidParam.safeParse(appId).success) throw notFound("app");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(apps).where(eq(apps.id, appId)).for("update");
    if (!before) throw notFound("app");
    const from = APP_TRANSITIONS[step.action];
    if (!(from as readonly AppStatus[]).includes(before.status)) throw new ApiError("invalid_state", refusalReason(step.action, before.status));
    const now = new Date();
    const [after] = await tx
      .update(apps)
      .set({ ...step.set(now, before), updatedAt: now })
      .where(and(eq(apps.id, appId), inArray(apps.status, from)))
      .returning();
    if (!after) throw new ApiError("invalid_state", "the app changed state meanwhile; reload and retry");
    await recordAudit(tx, {
      actor,
      action: `app.${step.action}`,
      targetType: "app",
      targetId: appId,
      before: { status: before.status, featured: before.featured },
      after: { status: after.status, featured: after.featured, ...step.audit },
    });
    if (step.notify) {
      const [developer] = await tx.select().from(developers).where(eq(developers.id, after.developerId));
      await step.notify(tx, after, developer!);
    }
  });
  return getAppForAdmin(appId);
}

type Actor = { actor: YaptureIdentity; appId: string };

export const approveApp = ({ actor, appId, note }: Actor & { note?: string }) =>
  reviewTransition(actor, appId, {
    action: "approve",
    set: (now, before) => ({ status: "APPROVED", publishedAt: before.publishedAt ?? now, rejection: null }),
    audit: note ? { note } : undefined,
    notify: (tx, app, developer) =>
      enqueueEmail({ tx, to: developer.email, type: "APP_APPROVED", developerName: developer.name, appName: app.name, appId: app.id, slug: app.slug, note: note ?? null }),
  });

export const rejectApp = ({ actor, appId, input }: Actor & { input: RejectAppInput }) =>
  reviewTransition(actor, appId, {
    action: "reject",
    set: (now) => ({
      status: "REJECTED",
      rejection: { reasons: input.reasons, message: input.message ?? null, rejectedAt: now.toISOString() },
    }),
    audit: { reasons: input.reasons, message: input.message ?? null },
    notify: (tx, app, developer) =>
      enqueueEmail({
        tx,
        to: developer.email,
        type: "APP_REJECTED",
        developerName: developer.name,
        appName: app.name,
        appId: app.id,
        reasons: input.reasons,
        message: input.message ?? null,
      }),
  });

export const setAppFeatured = ({ actor, appId, featured }: Actor & { featured: boolean }) =>
  reviewTransition(actor, appId, { action: "feature", set: () => ({ featured }) });

export const unpublishApp = ({ actor, appId, reason }: Actor & { reason: string }) =>
  reviewTransition(actor, appId, { action: "unpublish", set: () => ({ status: "UNPUBLISHED", unpublishReason: reason }), audit: { reason } });

export const republishApp = ({ actor, appId }: Actor) =>
  reviewTransition(actor, appId, { action: "republish", set: () => ({ status: "APPROVED", unpublishReason: null }) });
