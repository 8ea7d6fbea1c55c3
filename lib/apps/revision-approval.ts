import { revisionsMatching } from "@/db/admin-search";
import { and, eq, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import type { Page } from "@/db/paginate";
import { queuePage } from "@/db/queue-page";
import { appRevisions, apps, developers, type App, type AppRevision, type ChangelogEntry } from "@/db/schema";
import { adoptImageCopies, publishImageCopies } from "@/lib/assets/hosted/listing-copies";
import { decide } from "@/lib/audit/decision";
import type { YaptureIdentity } from "@/lib/callers/identity";
import type { RevisionStatus } from "@/lib/core/enums";
import { enqueueEmail } from "@/lib/email/outbox";
import { notFound } from "@/lib/core/errors";
import { type Paging } from "@/lib/core/paging";
import type { RejectAppInput } from "./schemas";
import { listingColumnsOf } from "./listing-declaration";

import { reviewerColumns } from "./approval";
import { emitRolloutEvent, emitUpdateEvent } from "./events";
import { readNewestRevision, readOpenRevision } from "./revision-queries";
import { revisionTransitions, type RevisionAction } from "./revision-states";
import { replaceScreenshots, screenshotInputs, screenshotsOf } from "./screenshots";
import { appTransitions } from "./states";
import { endStaging, stageRevision, stagedOf } from "./staging";
import { nextVersionOf, recordLiveVersion } from "./versions";
import type { AdminRevisionRow } from "./views";

// Administrators' decisions on updates of live apps. Approving applies the revision to the live
// listing in one transaction: fields, screenshots, version and changelog; slug, installs and
// reviews stay.

const selectAdminRevisions = (db: Executor) =>
  db
    .select({ revision: appRevisions, app: apps, screenshots: screenshotsOf(apps.id), developer: reviewerColumns })
    .from(appRevisions)
    .innerJoin(apps, eq(apps.id, appRevisions.appId))
    .innerJoin(developers, eq(developers.id, apps.developerId));

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectAdminRevisions>["where"]>>[number];
const toRow = ({ revision, app, screenshots, developer }: SelectedRow): AdminRevisionRow => ({
  revision,
  live: { app, screenshots },
  developer,
});

/** Revisions in a state: PENDING oldest-submitted first (the review queue), others newest first. */
export async function listRevisionsForAdmin({
  status,
  paging,
  search,
}: {
  status: RevisionStatus;
  paging: Paging;
  search?: string;
}): Promise<Page<AdminRevisionRow>> {
  const db = await getDb();
  return queuePage({
    db,
    table: appRevisions,
    columns: {
      status: appRevisions.status,
      waitingSince: appRevisions.submittedAt,
      updatedAt: appRevisions.updatedAt,
      id: appRevisions.id,
    },
    status,
    paging,
    search: search === undefined ? undefined : revisionsMatching(search),
    select: async ({ where, orderBy, limit, offset }) =>
      (
        await selectAdminRevisions(db)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)
      ).map(toRow),
  });
}

async function readAdminRevision(db: Executor, revisionId: string): Promise<AdminRevisionRow> {
  const [row] = await selectAdminRevisions(db).where(eq(appRevisions.id, revisionId));
  if (!row) throw notFound("revision");
  return toRow(row);
}

/** The app's open revision as reviewers see it. */
export async function getRevisionForAdmin(appId: string): Promise<AdminRevisionRow> {
  const db = await getDb();
  const { revision } = await readOpenRevision(db, appId);
  return readAdminRevision(db, revision.id);
}

const UPDATE_CHANGED =
  "the update changed after you read it (its developer withdrew, edited or resubmitted it); reload it and review what it says now";

type Decision = {
  action: Extract<RevisionAction, "approve" | "reject">;
  /** The revision's `updatedAt` that the administrator read: the decision applies to that version only. */
  expectedUpdatedAt?: Date;
  /** The revision's new column values, given the live app (locked) and the number its next version takes. */
  set: (app: App, now: Date, next: number) => Partial<typeof appRevisions.$inferInsert>;
  /** What the decision does to the live app, in the same transaction. */
  apply?: (tx: Executor, revision: AppRevision, now: Date) => Promise<void>;
  /** Events that follow the decision's own. */
  followUp?: (tx: Executor, revision: AppRevision) => Promise<void>;
  audit: Record<string, unknown>;
  notify: (tx: Executor, row: AdminRevisionRow) => Promise<unknown>;
};

/**
 * The app's open revision is looked up first and then changed by id under its row lock, so of two
 * concurrent decisions (or a decision and the developer's withdraw) exactly one applies; the other
 * finds the revision in its new state and gets 409. Transition, audit event and email commit together.
 */
async function decideOnUpdate(actor: YaptureIdentity, appId: string, decision: Decision): Promise<AdminRevisionRow> {
  // The newest revision: one approved by a concurrent decision is then refused with 409, not "not found".
  const { revision: open } = await readNewestRevision(await getDb(), appId);
  return decide({
    actor,
    audit: { action: `revision.${decision.action}`, targetType: "app", targetId: appId },
    change: async (tx, now) => {
      // The app first, then the revision (the developer's actions lock the revision alone).
      const app = await appTransitions.lock(tx, { id: appId, action: "revise" });
      const next = await nextVersionOf(tx, app);
      const { after: revision } = await revisionTransitions.transition(tx, {
        id: open.id,
        action: decision.action,
        scope: eq(appRevisions.appId, appId),
        version: decision.expectedUpdatedAt && { updatedAt: decision.expectedUpdatedAt, changed: UPDATE_CHANGED },
        set: () => decision.set(app, now, next),
      });
      await decision.apply?.(tx, revision, now);
      await emitUpdateEvent(tx, decision.action, revision);
      await decision.followUp?.(tx, revision);
      return {
        before: { version: app.version, name: app.name },
        after: {
          revisionId: revision.id,
          status: revision.status,
          version: revision.version ?? app.version,
          name: revision.name,
          ...decision.audit,
        },
        changed: await readAdminRevision(tx, revision.id),
        developerId: app.developerId,
      };
    },
    notify: decision.notify,
    read: async (_, row) => row,
  });
}

/** Replaces the live listing with the revision's fields; slug, environment, installs and reviews stay. */
export async function applyRevision(tx: Executor, revision: AppRevision, now: Date): Promise<void> {
  const entry: ChangelogEntry = { version: revision.version!, notes: revision.notes ?? "", publishedAt: now.toISOString() };
  await tx
    .update(apps)
    .set({
      ...listingColumnsOf(revision),
      version: revision.version!,
      changelog: sql`${JSON.stringify([entry])}::jsonb || ${apps.changelog}`,
      updatedAt: now,
    })
    .where(eq(apps.id, revision.appId));
  await replaceScreenshots(tx, revision.appId, screenshotInputs(revision.screenshots));
  // The images checked when the update was submitted become the listing's.
  await adoptImageCopies(tx, { from: { type: "revision", id: revision.id }, to: { type: "app", id: revision.appId } });
  await publishImageCopies(tx, revision.appId);
  await recordLiveVersion(tx, revision.appId);
}

/**
 * A newer update approved while another is staged replaces it: the staged one is rolled back (it
 * was never everyone's, and both were prepared from the same live version). Under the app's lock.
 */
async function rollBackStaged(tx: Executor, app: App): Promise<void> {
  const staged = stagedOf(app);
  if (!staged || !(await endStaging(tx, app.id, staged, { rolledBack: true }))) return;
  const [revision] = await tx.select().from(appRevisions).where(eq(appRevisions.id, staged.revisionId));
  if (revision) await emitRolloutEvent(tx, revision, { stage: "ROLLED_BACK", percent: 0 });
}

/** An approved update goes live: for everyone, or, when its publisher asked for a staged rollout, for its testers first. */
const applyOrStage = (tx: Executor, revision: AppRevision, now: Date): Promise<void> =>
  revision.staged ? stageRevision(tx, revision) : applyRevision(tx, revision, now);

/**
 * An update of a PRIVATE listing (a test build) goes live as soon as its submit's checks passed,
 * without a human review (docs/visibility.md): its PENDING revision is approved and applied here,
 * the app row locked first as every decision on an update takes it. False when the listing is not
 * private (the update waits for an administrator) or nothing is pending any more.
 */
export async function publishPrivateUpdate(appId: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const app = await appTransitions.lock(tx, { id: appId, action: "revise" });
    if (app.visibility !== "PRIVATE") return false;
    const [pending] = await tx
      .select({ id: appRevisions.id })
      .from(appRevisions)
      .where(and(eq(appRevisions.appId, appId), eq(appRevisions.status, "PENDING")));
    if (!pending) return false;
    const now = new Date();
    const next = await nextVersionOf(tx, app);
    const { after } = await revisionTransitions.transition(tx, {
      id: pending.id,
      action: "approve",
      set: () => ({ status: "APPROVED", version: next, approvedAt: now }),
    });
    // A test build has no staged rollout: its insiders are its whole audience.
    await rollBackStaged(tx, app);
    await applyRevision(tx, after, now);
    await emitUpdateEvent(tx, "approve", after);
    return true;
  });
}

/** A review decision: on the version the administrator read when `expectedUpdatedAt` is given, else on the current one. */
type Verdict = { actor: YaptureIdentity; appId: string; expectedUpdatedAt?: Date };

/**
 * PENDING → APPROVED: the revision becomes the live listing's next version (an UNPUBLISHED app stays
 * unpublished), or, staged, its testers' version (docs/visibility.md, "Staged rollout").
 */
export const approveRevision = ({ actor, appId, note, expectedUpdatedAt }: Verdict & { note?: string }) =>
  decideOnUpdate(actor, appId, {
    action: "approve",
    expectedUpdatedAt,
    set: (_app, now, next) => ({ status: "APPROVED", version: next, approvedAt: now }),
    apply: async (tx, revision, now) => {
      const [app] = await tx.select().from(apps).where(eq(apps.id, revision.appId));
      await rollBackStaged(tx, app!);
      await applyOrStage(tx, revision, now);
    },
    followUp: async (tx, revision) => {
      if (revision.staged) await emitRolloutEvent(tx, revision, { stage: "TESTERS", percent: 0 });
    },
    audit: note ? { note } : {},
    notify: (tx, { revision, live, developer }) =>
      enqueueEmail({
        tx,
        to: developer.email,
        type: "APP_UPDATE_APPROVED",
        developerName: developer.name,
        appName: revision.name,
        appId: live.app.id,
        slug: live.app.slug,
        version: revision.version!,
        live: live.app.status === "APPROVED",
        note: note ?? null,
        staged: revision.staged,
      }),
  });

/** PENDING → REJECTED with structured reasons; the live listing stays as it was. */
export const rejectRevision = ({ actor, appId, input, expectedUpdatedAt }: Verdict & { input: RejectAppInput }) =>
  decideOnUpdate(actor, appId, {
    action: "reject",
    expectedUpdatedAt,
    set: (_app, now) => ({
      status: "REJECTED",
      rejection: { reasons: input.reasons, message: input.message ?? null, rejectedAt: now.toISOString() },
    }),
    audit: { reasons: input.reasons, message: input.message ?? null },
    notify: (tx, { revision, live, developer }) =>
      enqueueEmail({
        tx,
        to: developer.email,
        type: "APP_UPDATE_REJECTED",
        developerName: developer.name,
        appName: revision.name,
        appId: live.app.id,
        reasons: input.reasons,
        message: input.message ?? null,
      }),
  });
