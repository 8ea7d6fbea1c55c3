import { and, eq } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { hostedAssetFiles, hostedAssets, type HostedAssetFile } from "@/db/schema";

import type { ProcessedImage } from "./process-image";

/**
 * Stores a checked image and its files; the same bytes stored again (another listing, a resubmit,
 * two submits at once) change nothing: the name is the content's hash.
 */
export async function storeImage(image: ProcessedImage, executor?: Executor): Promise<void> {
  const db = executor ?? (await getDb());
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(hostedAssets)
      .values({ hash: image.hash, format: image.format, width: image.width, height: image.height })
      .onConflictDoNothing()
      .returning({ hash: hostedAssets.hash });
    if (!created) return;
    await tx.insert(hostedAssetFiles).values(image.files.map((file) => ({ hash: image.hash, ...file })));
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
