import { eq } from "drizzle-orm";

import { getDb, type Executor, type Transaction } from "@/db/client";
import type { Page } from "@/db/paginate";
import { appsMatching } from "@/db/admin-search";
import { queuePage } from "@/db/queue-page";
import { apps, developers, type App, type Developer } from "@/db/schema";
import { decide } from "@/lib/audit/decision";
import type { YaptureIdentity } from "@/lib/callers/identity";
import { isWider, type AppStatus } from "@/lib/core/enums";
import { enqueueEmail } from "@/lib/email/outbox";
import { notFound } from "@/lib/core/errors";
import { type Paging } from "@/lib/core/paging";
import type { RejectAppInput } from "./schemas";

import { emitListingEvent } from "./events";
import { openRevisionOf } from "./revision-queries";
import { screenshotsOf } from "./screenshots";
import { appTransitions, type AppAction } from "./states";
import { recordLiveVersion } from "./versions";
import type { AdminAppRow } from "./views";

// Administrators' actions on listings: the review queue and each review decision.

export const reviewerColumns = {
  id: developers.id,
  name: developers.name,
  email: developers.email,
  companyName: developers.companyName,
  status: developers.status,
};

/** Listings with their developer and screenshots, in one statement. */
const selectAdminRows = (db: Executor) =>
  db
    .select({ app: apps, developer: reviewerColumns, screenshots: screenshotsOf(apps.id), revision: openRevisionOf(apps.id) })
    .from(apps)
    .innerJoin(developers, eq(developers.id, apps.developerId));

/** The review queue: PENDING oldest-submitted first by default; other states newest first. */
export async function listAppsForAdmin({
  status,
  paging,
  search,
}: {
  status: AppStatus;
  paging: Paging;
  search?: string;
}): Promise<Page<AdminAppRow>> {
  const db = await getDb();
  return queuePage({
    db,
    table: apps,
    columns: { status: apps.status, waitingSince: apps.submittedAt, updatedAt: apps.updatedAt, id: apps.id },
    status,
    paging,
    search: search === undefined ? undefined : appsMatching(search),
    select: ({ where, orderBy, limit, offset }) =>
      selectAdminRows(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
  });
}

export async function getAppForAdmin(appId: string, tx?: Executor): Promise<AdminAppRow> {
  const db = tx ?? (await getDb());
  const [row] = await selectAdminRows(db).where(eq(apps.id, appId));
  if (!row) throw notFound("app");
  return row;
}

const LISTING_CHANGED =
  "the listing changed after you read it (its developer withdrew, edited or resubmitted it); reload it and review what it says now";

type Decision = {
  action: AppAction;
  /** The listing's `updatedAt` that the administrator read: the decision applies to that version only. */
  expectedUpdatedAt?: Date;
  set: (now: Date, before: App) => Partial<typeof apps.$inferInsert>;
  audit?: Record<string, unknown>;
  notify?: (tx: Transaction, app: App, developer: Developer) => Promise<unknown>;
  /** What else the decision writes, in its transaction, once the listing changed. */
  also?: (tx: Executor, app: App) => Promise<void>;
};

/** What the audit log keeps of a listing before and after a decision. */
const auditedState = ({ status, featured }: App) => ({ status, featured });

/** The listing's transition, its audit event and its email, in one transaction. */
const decideOnListing = (actor: YaptureIdentity, appId: string, decision: Decision): Promise<AdminAppRow> =>
  decide({
    actor,
    audit: { action: `app.${decision.action}`, targetType: "app", targetId: appId },
    change: async (tx, now) => {
      const { before, after } = await appTransitions.transition(tx, {
        id: appId,
        action: decision.action,
        version: decision.expectedUpdatedAt && { updatedAt: decision.expectedUpdatedAt, changed: LISTING_CHANGED },
        set: (current) => decision.set(now, current),
      });
      await decision.also?.(tx, after);
      await emitListingEvent(tx, decision.action, after);
      return {
        before: auditedState(before),
        after: { ...auditedState(after), ...decision.audit },
        changed: after,
        developerId: after.developerId,
      };
    },
    notify: async (tx, app) => {
      if (!decision.notify) return;
      const [developer] = await tx.select().from(developers).where(eq(developers.id, app.developerId));
      await decision.notify(tx, app, developer!);
    },
    read: (tx) => getAppForAdmin(appId, tx),
  });

type Actor = { actor: YaptureIdentity; appId: string };
/** A review decision: on the version the administrator read when `expectedUpdatedAt` is given, else on the current one. */
type Verdict = Actor & { expectedUpdatedAt?: Date };

export const approveApp = ({ actor, appId, note, expectedUpdatedAt }: Verdict & { note?: string }) =>
  decideOnListing(actor, appId, {
    action: "approve",
    expectedUpdatedAt,
    // What was reviewed is the listing at its visibility: widening up to it needs no review again.
    set: (now, before) => ({
      status: "APPROVED",
      publishedAt: before.publishedAt ?? now,
      rejection: null,
      reviewedVisibility: isWider(before.visibility, before.reviewedVisibility) ? before.visibility : before.reviewedVisibility,
    }),
    audit: note ? { note } : undefined,
    // The version that goes live is recorded: its publisher may restore it later.
    also: (tx, app) => recordLiveVersion(tx, app.id),
    notify: (tx, app, developer) =>
      enqueueEmail({
        tx,
        to: developer.email,
        type: "APP_APPROVED",
        developerName: developer.name,
        appName: app.name,
        appId: app.id,
        slug: app.slug,
        note: note ?? null,
      }),
  });

export const rejectApp = ({ actor, appId, input, expectedUpdatedAt }: Verdict & { input: RejectAppInput }) =>
  decideOnListing(actor, appId, {
    action: "reject",
    expectedUpdatedAt,
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
  decideOnListing(actor, appId, { action: "feature", set: () => ({ featured }) });

export const unpublishApp = ({ actor, appId, reason }: Actor & { reason: string }) =>
  decideOnListing(actor, appId, {
    action: "unpublish",
    set: () => ({ status: "UNPUBLISHED", unpublishReason: reason }),
    audit: { reason },
  });

export const republishApp = ({ actor, appId }: Actor) =>
  decideOnListing(actor, appId, { action: "republish", set: () => ({ status: "APPROVED", unpublishReason: null }) });
