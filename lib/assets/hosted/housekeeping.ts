import { and, eq, lt, notExists, or, sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { appRevisions, apps, appVersionImages, hostedAssets, listingImageCopies } from "@/db/schema";
import { repeatUntilAborted, startChore } from "@/lib/core/background-chores";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";

import { copyImagesSubmittedBeforeHosting } from "./backfill";

/** How long an unreferenced image is kept: a submit stores its copies a few seconds before it records them. */
export const UNREFERENCED_GRACE_MS = 24 * 60 * 60 * 1000;
const INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes what no listing version uses any more: the copies of deleted listings and discarded
 * updates, then every hosted image no copy names that was last stored before `storedBefore` (its
 * files go with it). Safe to run on any number of processes at once.
 */
export async function removeUnreferencedAssets(storedBefore: Date): Promise<{ copies: number; assets: number }> {
  const db = await getDb();
  // A copy of a version that no longer exists: the listing deleted, or the update discarded.
  const orphaned = (type: "app" | "revision", table: typeof apps | typeof appRevisions) =>
    and(
      eq(listingImageCopies.subjectType, type),
      notExists(
        db
          .select({ one: sql`1` })
          .from(table)
          .where(eq(table.id, listingImageCopies.subjectId)),
      ),
    );
  const copies = await db
    .delete(listingImageCopies)
    .where(or(orphaned("app", apps), orphaned("revision", appRevisions)))
    .returning({ hash: listingImageCopies.hash });
  const assets = await db
    .delete(hostedAssets)
    .where(
      and(
        lt(hostedAssets.storedAt, storedBefore),
        notExists(
          db
            .select({ one: sql`1` })
            .from(listingImageCopies)
            .where(eq(listingImageCopies.hash, hostedAssets.hash)),
        ),
        // An earlier version a publisher may restore keeps its images (lib/apps/versions.ts).
        notExists(
          db
            .select({ one: sql`1` })
            .from(appVersionImages)
            .where(eq(appVersionImages.hash, hostedAssets.hash)),
        ),
      ),
    )
    .returning({ hash: hostedAssets.hash });
  return { copies: copies.length, assets: assets.length };
}

/** The worker's hourly sweep, which also copies the images of versions submitted before hosting (./backfill.ts) (scripts/worker.ts, or the server process with EMAIL_DISPATCHER=in-process), until `signal`. */
export function runAssetHousekeeping({ signal, intervalMs = INTERVAL_MS }: { signal: AbortSignal; intervalMs?: number }): Promise<void> {
  return repeatUntilAborted({
    name: "image housekeeping",
    signal,
    intervalMs,
    work: async () => {
      const removed = await removeUnreferencedAssets(new Date(Date.now() - UNREFERENCED_GRACE_MS));
      if (removed.copies + removed.assets > 0) log.info("unreferenced images removed", removed);
      const copied = await copyImagesSubmittedBeforeHosting({ deadline: Date.now() + intervalMs / 2, signal });
      if (copied.copied + copied.failed > 0) log.info("images of listings submitted before hosting copied", copied);
    },
  });
}

/**
 * The sweep in a server process that does the worker's work itself (EMAIL_DISPATCHER=in-process):
 * one per process, never during `next build`. Deployments with a separate worker run it there.
 */
export function startAssetHousekeeping(): void {
  const config = env();
  if (config.isBuild || config.EMAIL_DISPATCHER !== "in-process") return;
  startChore("image housekeeping", (signal) => runAssetHousekeeping({ signal }));
}
