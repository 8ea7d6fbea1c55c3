import { and, eq, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { hostedAssetFiles, hostedAssets, type HostedAssetFile } from "@/db/schema";

import type { ProcessedImage } from "./process-image";

/**
 * Stores a checked image and its files. The same bytes stored again (another listing, a resubmit,
 * two submits at once) add nothing, since the name is the content's hash, but mark it as just
 * stored, so that housekeeping (./housekeeping.ts) spares it until the submit records its copy.
 */
export async function storeImage(image: ProcessedImage, executor?: Executor): Promise<void> {
  const db = executor ?? (await getDb());
  await db.transaction(async (tx) => {
    await tx
      .insert(hostedAssets)
      .values({ hash: image.hash, format: image.format, width: image.width, height: image.height })
      .onConflictDoUpdate({ target: hostedAssets.hash, set: { storedAt: sql`now()` } });
    // The files follow from the bytes: any already there are the same.
    await tx
      .insert(hostedAssetFiles)
      .values(image.files.map((file) => ({ hash: image.hash, ...file })))
      .onConflictDoNothing();
  });
}

/** One stored file, or undefined. */
export async function readHostedFile(hash: string, variant: string): Promise<HostedAssetFile | undefined> {
  const db = await getDb();
  const [file] = await db
    .select()
    .from(hostedAssetFiles)
    .where(and(eq(hostedAssetFiles.hash, hash), eq(hostedAssetFiles.variant, variant)));
  return file;
}
