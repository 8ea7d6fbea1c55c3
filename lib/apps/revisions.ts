import { and, eq } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { appRevisions, apps, type AppRevision } from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import type { ListingImages } from "@/lib/assets/app-assets";
import { recordImageCopies, type ImageCopy } from "@/lib/assets/hosted/listing-copies";
import { ApiError, notFound } from "@/lib/core/errors";
import { accessibleApp, auditActorOf, ofAccessibleApp, type Access } from "@/lib/members/access";
import { can, refusal } from "@/lib/state/machine";
import type { ReadVersion } from "@/lib/state/transition";
import type { RevisionInput } from "./schemas";
import { listingColumnsOf } from "./listing-declaration";

import { assertImageUrlsAllowed } from "./image-urls";
import { emitUpdateEvent } from "./events";
import { publishPrivateUpdate } from "./revision-approval";
import { findOpenRevision, readNewestRevision, readOpenRevision } from "./revision-queries";
import { REVISION_STATES, revisionTransitions, type RevisionAction } from "./revision-states";
import { orderScreenshots, screenshotsOf } from "./screenshots";
import { appTransitions } from "./states";
import type { AppWithScreenshots, RevisionRow } from "./views";

// A developer's update of a live app: prepared as a revision while the live listing stays public,
// then reviewed like a first submission (lib/apps/revision-approval.ts applies it).

/** An app `access` reaches (the account's, within the member's and the key's app limits); any other is 404. */
type Owned = { access: Access; appId: string };

/** The fields a revision sets, from the body; `undefined` leaves a field as it is. */
function revisionFields(input: RevisionInput): Partial<typeof appRevisions.$inferInsert> {
  const { screenshots, ...fields } = input;
  const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return screenshots ? { ...set, screenshots: orderScreenshots(screenshots) } : set;
}

function audit(tx: Executor, access: Access, action: RevisionAction | "create", revision: AppRevision) {
  return recordAudit(tx, {
    actor: auditActorOf(access),
    developerId: access.developerId,
    action: `revision.${action}`,
    targetType: "app",
    targetId: revision.appId,
    before: {},
    after: { revisionId: revision.id, status: revision.status },
  });
}

/** The caller's app, or 404 whether it does not exist or is someone else's. */
async function assertOwnApp(db: Executor, { access, appId }: Owned): Promise<void> {
  const [app] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!app) throw notFound("app");
}

/** The open revision of one of the caller's apps, with the live listing. */
export async function getRevision(owned: Owned): Promise<RevisionRow> {
  const db = await getDb();
  await assertOwnApp(db, owned);
  return readOpenRevision(db, owned.appId, accessibleApp(owned.access));
}

/**
 * Starts the next version of an APPROVED or UNPUBLISHED app: a copy of the live listing with the
 * body's changes. One open revision per app (a unique index); a second is 409 naming the first.
 */
export async function createRevision({ input, ...owned }: Owned & { input: RevisionInput }): Promise<RevisionRow> {
  assertImageUrlsAllowed(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const app = await appTransitions.lock(tx, { id: owned.appId, action: "revise", scope: accessibleApp(owned.access) });
    const [{ screenshots }] = (await tx
      .select({ screenshots: screenshotsOf(apps.id) })
      .from(apps)
      .where(eq(apps.id, app.id))) as [{ screenshots: AppWithScreenshots["screenshots"] }];
    const [revision] = await tx
      .insert(appRevisions)
      .values({
        appId: app.id,
        baseVersion: app.version,
        ...listingColumnsOf(app),
        screenshots,
        ...revisionFields(input),
      })
      .onConflictDoNothing()
      .returning();
    if (!revision) {
      const existing = await findOpenRevision(tx, app.id);
      throw new ApiError(
        "invalid_state",
        `this app already has an update in preparation (revision ${existing?.id ?? "unknown"}); edit it with PUT /api/dev/apps/${app.id}/revision or discard it`,
      );
    }
    await audit(tx, owned.access, "create", revision);
    return { revision, live: { app, screenshots } };
  });
}

/** The revision an action applies to: the open one, or the one just approved (which refuses every action). */
async function targetRevision(owned: Owned): Promise<RevisionRow> {
  const db = await getDb();
  await assertOwnApp(db, owned);
  return readNewestRevision(db, owned.appId, accessibleApp(owned.access));
}

/** Runs `action` on the app's open revision under its row lock; `set` gives the new column values, `version` the one required. */
async function act(
  owned: Owned,
  action: RevisionAction,
  set: (before: AppRevision) => Partial<typeof appRevisions.$inferInsert>,
  version?: ReadVersion,
  alsoWrite?: (tx: Executor, after: AppRevision) => Promise<void>,
): Promise<RevisionRow> {
  const { revision } = await targetRevision(owned);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { after } = await revisionTransitions.transition(tx, {
      id: revision.id,
      action,
      scope: ofAccessibleApp(owned.access, appRevisions.appId),
      version,
      set,
    });
    await alsoWrite?.(tx, after);
    await audit(tx, owned.access, action, after);
    await emitUpdateEvent(tx, action, after);
    return readOpenRevision(tx, owned.appId);
  });
}

/** Partial update, while DRAFT or REJECTED (a rejection stays until the revision is approved). */
export async function updateRevision({ input, ...owned }: Owned & { input: RevisionInput }): Promise<RevisionRow> {
  assertImageUrlsAllowed(input);
  return act(owned, "edit", () => revisionFields(input));
}

/** What a submit of the update checks before its images: its state, and notes saying what changed. */
export function assertSubmittable(revision: AppRevision): void {
  if (!can(REVISION_STATES, "submit", revision.status)) throw refusal(REVISION_STATES, "submit", revision.status);
  if (!revision.notes) {
    throw new ApiError("validation_failed", "notes: say what changed in this version before submitting it", {
      errors: [{ path: "notes", code: "required", message: "say what changed in this version before submitting it" }],
    });
  }
}

/**
 * DRAFT/REJECTED → PENDING, after the same image checks as a first submission (a PRIVATE listing's
 * update is then approved and live at once). Like a listing's submit, the transition requires the
 * exact version that was checked (updated_at). `staged`: once approved, it goes to testers first.
 */
export async function submitRevision({
  copyAssets,
  staged = false,
  ...owned
}: Owned & { copyAssets: (images: ListingImages, owner: string) => Promise<ImageCopy[]>; staged?: boolean }): Promise<RevisionRow> {
  const { revision } = await targetRevision(owned);
  assertSubmittable(revision);
  const copies = await copyAssets({ app: revision, screenshots: revision.screenshots }, owned.access.developerId);
  const now = new Date();
  const submitted = await act(
    owned,
    "submit",
    () => ({ status: "PENDING", submittedAt: now, staged }),
    { updatedAt: revision.updatedAt, changed: "the update changed while its images were being checked; submit again" },
    (tx, after) => recordImageCopies(tx, { type: "revision", id: after.id }, copies),
  );
  // A test build's update needs no review: it is live now, as its newest approved version.
  if (!(await publishPrivateUpdate(owned.appId))) return submitted;
  return readNewestRevision(await getDb(), owned.appId, accessibleApp(owned.access));
}

/** PENDING → DRAFT: takes the update out of the review queue so it can be edited. */
export const withdrawRevision = (owned: Owned) => act(owned, "withdraw", () => ({ status: "DRAFT", submittedAt: null }));

/** Deletes a DRAFT or REJECTED revision; the live listing is untouched. */
export async function discardRevision(owned: Owned): Promise<void> {
  const { revision } = await targetRevision(owned);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const locked = await revisionTransitions.lock(tx, {
      id: revision.id,
      action: "discard",
      scope: ofAccessibleApp(owned.access, appRevisions.appId),
    });
    await tx.delete(appRevisions).where(eq(appRevisions.id, locked.id));
    await audit(tx, owned.access, "discard", locked);
  });
}
