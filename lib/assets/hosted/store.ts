import { and, eq, sql } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { hostedAssetFiles, hostedAssets, type HostedAssetFile } from "@/db/schema";
import { KiB, MiB } from "@/lib/core/bounded-cache";
import { boundedCache } from "@/lib/core/process-cache";

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

// The small files every page asks for (the cards' logos, the variants) kept in memory: a file's
// name is its content's hash, so a copy can never be stale. Originals of up to 5 MB are read from
// the database each time (40–130 ms of the server's CPU for 5 MB: postgres.js receives bytea as
// hex text), so a GET is weighed by its size before they are read (publicReadsFor); browsers and
// CDNs cache every file for a year anyway.
const CACHED_FILE_BYTES = 256 * KiB;
const recentFiles = () =>
  boundedCache<string, HostedAssetFile>({ name: "hosted-files", maxBytes: 4 * MiB, sizeOf: (file) => file.bytes.length + 256 });

/** How many public reads a file of `size` bytes counts as: one per 128 KiB begun (5 MiB: 40). */
export const publicReadsFor = (size: number) => Math.max(1, Math.ceil(size / (128 * KiB)));

/** A stored file's type and size without reading its bytes (Postgres reads the size from the value's header), or undefined. */
export async function hostedFileSize(hash: string, variant: string): Promise<{ contentType: string; size: number } | undefined> {
  const cached = recentFiles().get(`${hash}-${variant}`);
  if (cached) return { contentType: cached.contentType, size: cached.bytes.length };
  const db = await getDb();
  const [file] = await db
    .select({ contentType: hostedAssetFiles.contentType, size: sql<number>`octet_length(${hostedAssetFiles.bytes})`.mapWith(Number) })
    .from(hostedAssetFiles)
    .where(and(eq(hostedAssetFiles.hash, hash), eq(hostedAssetFiles.variant, variant)));
  return file;
}

/** One stored file, or undefined. */
export async function readHostedFile(hash: string, variant: string): Promise<HostedAssetFile | undefined> {
  const key = `${hash}-${variant}`;
  const cached = recentFiles().get(key);
  if (cached) return cached;
  const db = await getDb();
  const [file] = await db
    .select()
    .from(hostedAssetFiles)
    .where(and(eq(hostedAssetFiles.hash, hash), eq(hostedAssetFiles.variant, variant)));
  if (file && file.bytes.length <= CACHED_FILE_BYTES) recentFiles().set(key, file);
  return file;
}
