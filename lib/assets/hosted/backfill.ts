import { and, eq, inArray, isNull, lt, notExists, or, sql, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { appRevisions, appScreenshots, apps, listingImageCopies } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/core/log";

import type { ListingImages } from "../app-assets";

import type { ImageSource } from "./copy-image";
import { copyListingImages, imageSourcesOf, publishImageCopies, recordImageCopies } from "./listing-copies";

// Listings and updates submitted before the marketplace hosted its images have no copies: visitors
// (approved listings) and reviewers (pending ones) would be shown the developer's URLs. The worker
// copies them as a submit would, a few at a time. A version whose images cannot be copied any more
// (the URL is gone, the file changed into something invalid) is tried again a day later; its pages
// show no image meanwhile (docs/assets.md).

const BATCH = 5;
const RETRY_AFTER = sql`interval '1 day'`;

type Subject = { type: "app" | "revision"; id: string };

/** Claims up to BATCH versions that have images but no copies and were not tried within a day: one process each. */
async function claim(type: Subject["type"]): Promise<string[]> {
  const db = await getDb();
  const table = type === "app" ? apps : appRevisions;
  const awaiting: SQL = type === "app" ? inArray(apps.status, ["PENDING", "APPROVED", "UNPUBLISHED"]) : eq(appRevisions.status, "PENDING");
  const candidates = db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        awaiting,
        or(isNull(table.imageCopyTriedAt), lt(table.imageCopyTriedAt, sql`now() - ${RETRY_AFTER}`)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(listingImageCopies)
            .where(and(eq(listingImageCopies.subjectType, type), eq(listingImageCopies.subjectId, table.id))),
        ),
      ),
    )
    .orderBy(sql`${table.imageCopyTriedAt} nulls first`, table.id)
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(table)
    .set({ imageCopyTriedAt: sql`now()` })
    .where(inArray(table.id, candidates))
    .returning({ id: table.id });
  return claimed.map((row) => row.id);
}

/** The images of a version as they are now (locked when `forUpdate`, inside the transaction that records its copies). */
async function imagesOf(db: Executor, { type, id }: Subject, forUpdate = false): Promise<ListingImages | null> {
  if (type === "revision") {
    const query = db
      .select({
        logoUrl: appRevisions.logoUrl,
        bannerUrl: appRevisions.bannerUrl,
        longDescription: appRevisions.longDescription,
        screenshots: appRevisions.screenshots,
      })
      .from(appRevisions)
      .where(eq(appRevisions.id, id));
    const [revision] = await (forUpdate ? query.for("update") : query);
    return revision ? { app: revision, screenshots: revision.screenshots } : null;
  }
  const query = db
    .select({ logoUrl: apps.logoUrl, bannerUrl: apps.bannerUrl, longDescription: apps.longDescription })
    .from(apps)
    .where(eq(apps.id, id));
  const [app] = await (forUpdate ? query.for("update") : query);
  if (!app) return null;
  const screenshots = await db
    .select({ url: appScreenshots.url, caption: appScreenshots.caption, position: appScreenshots.position })
    .from(appScreenshots)
    .where(eq(appScreenshots.appId, id));
  return { app, screenshots };
}

/** Copies one version's images; records them only if the version still names the same images and has no copies yet. */
async function copyOne(subject: Subject, source: ImageSource | undefined): Promise<"copied" | "changed" | "failed"> {
  const db = await getDb();
  const before = await imagesOf(db, subject);
  if (!before) return "changed";
  let copies;
  try {
    copies = await copyListingImages(source)(before, "backfill");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    log.warn("images of a listing submitted before hosting could not be copied", { subject, problem: error.message });
    return "failed";
  }
  return db.transaction(async (tx) => {
    const now = await imagesOf(tx, subject, true);
    if (!now || imageSourcesOf(now) !== imageSourcesOf(before)) return "changed";
    const recorded = await tx
      .select({ one: sql`1` })
      .from(listingImageCopies)
      .where(and(eq(listingImageCopies.subjectType, subject.type), eq(listingImageCopies.subjectId, subject.id)))
      .limit(1);
    // A submit since the claim recorded copies of its own: they are newer than these.
    if (recorded.length > 0) return "changed";
    await recordImageCopies(tx, subject, copies);
    if (subject.type === "app") await publishImageCopies(tx, subject.id);
    return "copied";
  });
}

/**
 * Copies the images of listings and updates submitted before images were hosted, batch by batch,
 * until none is left to try, `deadline` passes or `signal` aborts. Safe on any number of processes at once.
 */
export async function copyImagesSubmittedBeforeHosting({
  deadline,
  signal,
  source,
}: {
  deadline: number;
  signal?: AbortSignal;
  /** Where the images are read from: downloaded, unless given (the demo data's are files). */
  source?: ImageSource;
}): Promise<{ copied: number; changed: number; failed: number }> {
  const tally = { copied: 0, changed: 0, failed: 0 };
  while (Date.now() < deadline && !signal?.aborted) {
    const batch = [
      ...(await claim("app")).map((id) => ({ type: "app" as const, id })),
      ...(await claim("revision")).map((id) => ({ type: "revision" as const, id })),
    ];
    if (batch.length === 0) break;
    for (const subject of batch) tally[await copyOne(subject, source)]++;
  }
  return tally;
}
