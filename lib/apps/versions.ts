import { and, asc, desc, eq, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import {
  appRevisions,
  apps,
  appScreenshots,
  appVersionImages,
  appVersions,
  listingImageCopies,
  type App,
  type AppRevision,
  type ChangelogEntry,
} from "@/db/schema";
import { recordAudit } from "@/lib/audit/service";
import { publishImageCopies, recordImageCopies } from "@/lib/assets/hosted/listing-copies";
import { ApiError, notFound } from "@/lib/core/errors";
import { accessibleApp, auditActorOf, type Access } from "@/lib/members/access";

import { listingColumnsOf } from "./listing-declaration";
import { replaceScreenshots } from "./screenshots";
import { appTransitions } from "./states";

// A listing's version history and its restore (docs/visibility.md, "Rollback"): each version that
// goes live is recorded as it went live, and a publisher brings an earlier one back without a new
// review, as the next version, with its hosted images as they were approved.

type Owned = { access: Access; appId: string };

/**
 * Records the listing's live version as it is now, in the transaction that made it live (after its
 * screenshots and hosted copies are written): its listing columns, screenshots and hosted copies.
 */
export async function recordLiveVersion(tx: Executor, appId: string, restoredFrom: number | null = null): Promise<void> {
  const [app] = await tx.select().from(apps).where(eq(apps.id, appId));
  if (!app) return;
  const screenshots = await tx
    .select({ url: appScreenshots.url, caption: appScreenshots.caption, position: appScreenshots.position })
    .from(appScreenshots)
    .where(eq(appScreenshots.appId, appId))
    .orderBy(asc(appScreenshots.position));
  const fields = { ...listingColumnsOf(app), screenshots };
  await tx
    .insert(appVersions)
    .values({ appId, version: app.version, fields, restoredFrom })
    .onConflictDoUpdate({ target: [appVersions.appId, appVersions.version], set: { fields, restoredFrom, liveAt: sql`now()` } });
  await tx.delete(appVersionImages).where(and(eq(appVersionImages.appId, appId), eq(appVersionImages.version, app.version)));
  await tx.execute(sql`
    insert into ${appVersionImages} (app_id, version, field, source_url, hash)
    select ${appId}::uuid, ${app.version}::int, ${listingImageCopies.field}, ${listingImageCopies.sourceUrl}, ${listingImageCopies.hash}
    from ${listingImageCopies} where ${listingImageCopies.subjectType} = 'app' and ${listingImageCopies.subjectId} = ${appId}::uuid`);
}

/**
 * Records an approved update's version as it goes to a staged rollout (docs/visibility.md): its
 * fields, screenshots and the hosted copies its submit checked (still the revision's, until it
 * reaches everyone). It is in the history from then on, even when rolled back.
 */
export async function recordStagedVersion(tx: Executor, revision: AppRevision): Promise<void> {
  const version = revision.version!;
  const fields = { ...listingColumnsOf(revision), screenshots: revision.screenshots };
  await tx
    .insert(appVersions)
    .values({ appId: revision.appId, version, fields })
    .onConflictDoUpdate({ target: [appVersions.appId, appVersions.version], set: { fields, rolledBackAt: null, liveAt: sql`now()` } });
  await tx.delete(appVersionImages).where(and(eq(appVersionImages.appId, revision.appId), eq(appVersionImages.version, version)));
  await tx.execute(sql`
    insert into ${appVersionImages} (app_id, version, field, source_url, hash)
    select ${revision.appId}::uuid, ${version}::int, ${listingImageCopies.field}, ${listingImageCopies.sourceUrl}, ${listingImageCopies.hash}
    from ${listingImageCopies} where ${listingImageCopies.subjectType} = 'revision' and ${listingImageCopies.subjectId} = ${revision.id}::uuid`);
}

/**
 * The number the listing's next version takes: after the live one and after every recorded one (a
 * staged version rolled back keeps its number in the history). Called under the app row's lock.
 */
export async function nextVersionOf(tx: Executor, app: Pick<App, "id" | "version">): Promise<number> {
  const [row] = await tx
    .select({ newest: sql<number | null>`max(${appVersions.version})` })
    .from(appVersions)
    .where(eq(appVersions.appId, app.id));
  return Math.max(app.version, Number(row?.newest ?? 0)) + 1;
}

type VersionRow = { version: number; name: string; liveAt: Date; restoredFrom: number | null; rolledBackAt: Date | null };
export type VersionHistory = { current: number; staged: number | null; versions: VersionRow[] };

/** The recorded versions of a listing `access` reaches, newest first. */
export async function listVersions({ access, appId }: Owned): Promise<VersionHistory> {
  const db = await getDb();
  const [app] = await db
    .select({ version: apps.version, staged: apps.stagedVersion })
    .from(apps)
    .where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!app) throw notFound("app");
  const versions = await db
    .select({
      version: appVersions.version,
      name: sql<string>`${appVersions.fields}->>'name'`,
      liveAt: appVersions.liveAt,
      restoredFrom: appVersions.restoredFrom,
      rolledBackAt: appVersions.rolledBackAt,
    })
    .from(appVersions)
    .where(eq(appVersions.appId, appId))
    .orderBy(desc(appVersions.version));
  return { current: app.version, staged: app.staged, versions };
}

/**
 * Brings back an earlier recorded version of a live listing (APPROVED or UNPUBLISHED), without a
 * review: its fields, screenshots and hosted images as they went live, as the next version, whose
 * changelog entry says so. Not while an update waits for review or is being rolled out (409), nor
 * the current version or a later one (409); a version never recorded is 404.
 */
export async function restoreVersion({ access, appId, version }: Owned & { version: number }): Promise<App> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const app = await appTransitions.lock(tx, { id: appId, action: "revise", scope: accessibleApp(access) });
    if (version >= app.version)
      throw new ApiError("invalid_state", `version ${version} is not earlier than the live version ${app.version}`);
    const [pending] = await tx
      .select({ id: appRevisions.id })
      .from(appRevisions)
      .where(and(eq(appRevisions.appId, appId), eq(appRevisions.status, "PENDING")));
    if (pending) throw new ApiError("invalid_state", "an update of this listing is being reviewed; withdraw it before restoring a version");
    if (app.stagedVersion !== null)
      throw new ApiError(
        "invalid_state",
        `version ${app.stagedVersion} is being rolled out; roll it out to everyone or roll it back first`,
      );
    const [recorded] = await tx
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), eq(appVersions.version, version)));
    if (!recorded) throw notFound("version");
    const images = await tx
      .select({ field: appVersionImages.field, sourceUrl: appVersionImages.sourceUrl, hash: appVersionImages.hash })
      .from(appVersionImages)
      .where(and(eq(appVersionImages.appId, appId), eq(appVersionImages.version, version)));
    const { screenshots, ...fields } = recorded.fields;
    const next = await nextVersionOf(tx, app);
    const now = new Date();
    const entry: ChangelogEntry = { version: next, notes: `Restored version ${version}.`, publishedAt: now.toISOString() };
    const [after] = await tx
      .update(apps)
      .set({
        ...listingColumnsOf(fields as Parameters<typeof listingColumnsOf>[0]),
        version: next,
        changelog: sql`${JSON.stringify([entry])}::jsonb || ${apps.changelog}`,
        updatedAt: new Date(Math.max(now.getTime(), app.updatedAt.getTime() + 1)),
      })
      .where(eq(apps.id, appId))
      .returning();
    await replaceScreenshots(
      tx,
      appId,
      screenshots.map((shot) => ({ url: shot.url, caption: shot.caption, order: shot.position })),
    );
    await recordImageCopies(tx, { type: "app", id: appId }, images);
    await publishImageCopies(tx, appId);
    await recordLiveVersion(tx, appId, version);
    await recordAudit(tx, {
      actor: auditActorOf(access),
      developerId: access.developerId,
      action: "app.restore",
      targetType: "app",
      targetId: appId,
      before: { version: app.version },
      after: { version: next, restoredFrom: version },
    });
    return after!;
  });
}
