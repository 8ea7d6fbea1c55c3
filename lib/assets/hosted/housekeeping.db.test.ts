import { randomUUID } from "node:crypto";

import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { getDb } from "@/db/client";
import { hostedAssetFiles, hostedAssets, listingImageCopies } from "@/db/schema";
import { insertApp } from "@/test/support/apps";
import { insertDeveloper } from "@/test/support/developers";

import { removeUnreferencedAssets } from "./housekeeping";
import { processImage } from "./process-image";
import { storeImage } from "./store";

const HOUR = 60 * 60 * 1000;

/** A stored logo of its own colour, as if last stored `hoursAgo` hours ago. */
async function storedLogo(red: number, hoursAgo: number): Promise<string> {
  const bytes = await sharp({ create: { width: 512, height: 512, channels: 3, background: { r: red, g: 7, b: 7 } } })
    .png()
    .toBuffer();
  const image = await processImage(bytes, "logo", { owner: "test" });
  await storeImage(image);
  await (
    await getDb()
  )
    .update(hostedAssets)
    .set({ storedAt: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(hostedAssets.hash, image.hash));
  return image.hash;
}

const stillStored = async (hashes: string[]) =>
  (await (await getDb()).select({ hash: hostedAssets.hash }).from(hostedAssets).where(inArray(hostedAssets.hash, hashes))).map(
    (row) => row.hash,
  );

describe("removing images nothing uses", () => {
  it("removes an old unreferenced image with its files, and spares one in use or stored lately", async () => {
    const developer = await insertDeveloper();
    const app = await insertApp(developer);
    const [unused, used, recent] = [await storedLogo(201, 48), await storedLogo(202, 48), await storedLogo(203, 1)];
    await (
      await getDb()
    )
      .insert(listingImageCopies)
      .values({ subjectType: "app", subjectId: app.id, field: "logoUrl", sourceUrl: "https://dev.example/l.png", hash: used });

    await removeUnreferencedAssets(new Date(Date.now() - 24 * HOUR));
    expect((await stillStored([unused, used, recent])).sort()).toEqual([used, recent].sort());
    const files = await (
      await getDb()
    )
      .select({ hash: hostedAssetFiles.hash })
      .from(hostedAssetFiles)
      .where(eq(hostedAssetFiles.hash, unused));
    expect(files).toEqual([]);
  });

  it("drops the copies of a deleted listing or discarded update, and then their images", async () => {
    const orphan = await storedLogo(204, 48);
    await (await getDb()).insert(listingImageCopies).values([
      { subjectType: "app", subjectId: randomUUID(), field: "logoUrl", sourceUrl: "https://dev.example/gone.png", hash: orphan },
      { subjectType: "revision", subjectId: randomUUID(), field: "logoUrl", sourceUrl: "https://dev.example/gone.png", hash: orphan },
    ]);
    const removed = await removeUnreferencedAssets(new Date(Date.now() - 24 * HOUR));
    expect(removed.copies).toBeGreaterThanOrEqual(2);
    expect(await stillStored([orphan])).toEqual([]);
  });

  it("spares an old image stored again by a submit in progress (the copy is recorded moments later)", async () => {
    const hash = await storedLogo(205, 48);
    const bytes = await sharp({ create: { width: 512, height: 512, channels: 3, background: { r: 205, g: 7, b: 7 } } })
      .png()
      .toBuffer();
    await storeImage(await processImage(bytes, "logo", { owner: "test" }));
    await removeUnreferencedAssets(new Date(Date.now() - 24 * HOUR));
    expect(await stillStored([hash])).toEqual([hash]);
  });
});
