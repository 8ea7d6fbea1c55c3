import { and, eq, sql } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { apps, appVersions, type App, type AppRevision } from "@/db/schema";

import { recordStagedVersion } from "./versions";

// The moves of a staged rollout (docs/visibility.md, "Staged rollout") that every path shares: an
// approval stages an update, and rolling out to everyone or back ends the staging. Each runs in
// its caller's transaction.

/** Where a listing's staged update stands: the live version, and the staged one with its share. */
export type Rollout = Pick<App, "version" | "stagedVersion" | "rolloutPercent">;

/** What is staged: the approved revision and the version it became. */
export type Staged = { revisionId: string; version: number };

/** An approved update the publisher asked to stage goes to the listing's testers only, as the staged version. */
export async function stageRevision(tx: Executor, revision: AppRevision): Promise<void> {
  await tx
    .update(apps)
    .set({ stagedRevisionId: revision.id, stagedVersion: revision.version!, rolloutPercent: 0 })
    .where(eq(apps.id, revision.appId));
  await recordStagedVersion(tx, revision);
}

/**
 * Ends the staging of `staged` if it is still the listing's staged update: a conditional update,
 * so of two concurrent ends (everyone, rollback) exactly one finds it; false for the other.
 * `rolledBack`: the version is dropped, and its history entry says when.
 */
export async function endStaging(tx: Executor, appId: string, staged: Staged, { rolledBack }: { rolledBack: boolean }): Promise<boolean> {
  const [ended] = await tx
    .update(apps)
    .set({ stagedRevisionId: null, stagedVersion: null, rolloutPercent: 0 })
    .where(and(eq(apps.id, appId), eq(apps.stagedRevisionId, staged.revisionId)))
    .returning({ id: apps.id });
  if (!ended) return false;
  if (rolledBack) {
    await tx
      .update(appVersions)
      .set({ rolledBackAt: sql`now()` })
      .where(and(eq(appVersions.appId, appId), eq(appVersions.version, staged.version)));
  }
  return true;
}

/** The listing's staged update, if any (from a row read under the app's lock or as the guard of a conditional update). */
export const stagedOf = (app: Pick<App, "stagedRevisionId" | "stagedVersion">): Staged | null =>
  app.stagedRevisionId === null || app.stagedVersion === null ? null : { revisionId: app.stagedRevisionId, version: app.stagedVersion };
