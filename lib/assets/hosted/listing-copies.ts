import { and, eq, or } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { appScreenshots, apps, hostedAssets, listingImageCopies } from "@/db/schema";
import { absoluteHostedUrl } from "@/db/hosted-urls";

import type { ListingImages } from "../app-assets";
import { throwAssetErrors } from "../image-check";

import { copyImage, webImages, type ImageSource } from "./copy-image";
import { hostedPath } from "./file-names";
import { HOSTED_IMAGE_LIMITS, type HostedImageKind } from "./limits";
import { markdownImageUrls, withHostedMarkdownImages } from "./markdown-images";

/** One image of a listing version, copied and checked: its field, the developer's URL and the hosted copy. */
export type ImageCopy = { field: string; sourceUrl: string; hash: string };

type Subject = { type: "app" | "revision"; id: string };

/** One image to copy: the copy's field, where an error about it points (`path`), and how it is named there. */
type ListingImage = { field: string; path: string; url: string; kind: HostedImageKind; label?: string };

const DESCRIPTION_IMAGE = /^longDescription\.images\[\d+\]$/;

function imagesOf({ app, screenshots }: ListingImages): ListingImage[] {
  const images: ListingImage[] = [];
  if (app.logoUrl) images.push({ field: "logoUrl", path: "logoUrl", url: app.logoUrl, kind: "logo" });
  if (app.bannerUrl) images.push({ field: "bannerUrl", path: "bannerUrl", url: app.bannerUrl, kind: "banner" });
  [...screenshots]
    .sort((a, b) => a.position - b.position)
    .forEach((shot, index) => {
      const field = `screenshots[${index}].url`;
      images.push({ field, path: field, url: shot.url, kind: "screenshot" });
    });
  markdownImageUrls(app.longDescription).forEach((url, index) =>
    images.push({
      field: `longDescription.images[${index}]`,
      path: "longDescription",
      url,
      kind: "description",
      label: `image ${index + 1} (${url})`,
    }),
  );
  return images;
}

/** Which address each image field of a version names: equal before and after, the version's images did not change. */
export const imageSourcesOf = (listing: ListingImages): string =>
  JSON.stringify(imagesOf(listing).map((image) => [image.field, image.url]));

function assertWithinCount(images: ListingImage[]): void {
  const described = images.filter((image) => image.kind === "description").length;
  if (described > HOSTED_IMAGE_LIMITS.descriptionImages) {
    throwAssetErrors([
      { path: "longDescription", problem: `may show at most ${HOSTED_IMAGE_LIMITS.descriptionImages} images (it has ${described})` },
    ]);
  }
}

/**
 * Downloads, decodes, checks and stores every image of a listing version (at submit, outside any
 * transaction: it fetches over the network), as `owner`'s (the developer's id, or a background
 * job's name): their turn in the lines images wait in. Any failure refuses the submit with one 400
 * asset_invalid naming each field; otherwise the copies, to record with the version.
 */
export function copyListingImages(source: ImageSource = webImages()) {
  return async (listing: ListingImages, owner: string): Promise<ImageCopy[]> => {
    const images = imagesOf(listing);
    assertWithinCount(images);
    const results = await Promise.all(
      images.map(async (image) => ({ image, copied: await copyImage(image.url, image.kind, source, { owner, label: image.label }) })),
    );
    throwAssetErrors(results.map(({ image, copied }) => ({ path: image.path, problem: "problem" in copied ? copied.problem : null })));
    return results.map(({ image, copied }) => ({ field: image.field, sourceUrl: image.url, hash: (copied as { hash: string }).hash }));
  };
}

/** The version's copies are exactly these: written in the transaction that submits it. */
export async function recordImageCopies(
  tx: Executor,
  subject: { type: "app" | "revision"; id: string },
  copies: ImageCopy[],
): Promise<void> {
  await tx
    .delete(listingImageCopies)
    .where(and(eq(listingImageCopies.subjectType, subject.type), eq(listingImageCopies.subjectId, subject.id)));
  if (copies.length === 0) return;
  await tx.insert(listingImageCopies).values(copies.map((copy) => ({ subjectType: subject.type, subjectId: subject.id, ...copy })));
}

/** Approving an update: its recorded copies become the listing's, replacing the listing's own. */
export async function adoptImageCopies(tx: Executor, { from, to }: { from: Subject; to: Subject }): Promise<void> {
  await tx.delete(listingImageCopies).where(and(eq(listingImageCopies.subjectType, to.type), eq(listingImageCopies.subjectId, to.id)));
  await tx
    .update(listingImageCopies)
    .set({ subjectType: to.type, subjectId: to.id })
    .where(and(eq(listingImageCopies.subjectType, from.type), eq(listingImageCopies.subjectId, from.id)));
}

const CONTENT_TYPES = { png: "image/png", jpeg: "image/jpeg" } as const;

/** A hosted original's path, as the listing's hosted columns store it (db/hosted-urls.ts). */
const hostedOriginalPath = (hash: string, format: "png" | "jpeg") => hostedPath(hash, "original", CONTENT_TYPES[format]);

/** A hosted original's absolute URL on this process's APP_URL, for a page that shows it now. */
const hostedUrl = (hash: string, format: "png" | "jpeg") => absoluteHostedUrl(hostedOriginalPath(hash, format));

/**
 * Points the listing's public images at the hosted copies recorded for it (call in the transaction
 * that records or adopts them, after the screenshots are written). Stored as paths, made absolute
 * when read (db/hosted-urls.ts), so no origin is ever written. A field without a copy shows nothing hosted.
 */
export async function publishImageCopies(tx: Executor, appId: string): Promise<void> {
  const copies = await tx
    .select({
      field: listingImageCopies.field,
      sourceUrl: listingImageCopies.sourceUrl,
      hash: listingImageCopies.hash,
      format: hostedAssets.format,
    })
    .from(listingImageCopies)
    .innerJoin(hostedAssets, eq(hostedAssets.hash, listingImageCopies.hash))
    .where(and(eq(listingImageCopies.subjectType, "app"), eq(listingImageCopies.subjectId, appId)));
  const urlOf = (field: string) => {
    const copy = copies.find((each) => each.field === field);
    return copy ? hostedOriginalPath(copy.hash, copy.format) : null;
  };
  const descriptionCopies = copies.filter((copy) => DESCRIPTION_IMAGE.test(copy.field));
  const [app] = await tx.select({ longDescription: apps.longDescription }).from(apps).where(eq(apps.id, appId));
  const hostedLongDescription =
    app?.longDescription && descriptionCopies.length > 0
      ? withHostedMarkdownImages(
          app.longDescription,
          Object.fromEntries(descriptionCopies.map((copy) => [copy.sourceUrl, hostedOriginalPath(copy.hash, copy.format)])),
        )
      : null;
  await tx
    .update(apps)
    .set({ hostedLogoUrl: urlOf("logoUrl"), hostedBannerUrl: urlOf("bannerUrl"), hostedLongDescription })
    .where(eq(apps.id, appId));
  const screenshots = await tx
    .select({ id: appScreenshots.id, hostedUrl: appScreenshots.hostedUrl })
    .from(appScreenshots)
    .where(eq(appScreenshots.appId, appId))
    .orderBy(appScreenshots.position);
  for (const [index, screenshot] of screenshots.entries()) {
    const hostedUrl = urlOf(`screenshots[${index}].url`);
    if (hostedUrl !== screenshot.hostedUrl) await tx.update(appScreenshots).set({ hostedUrl }).where(eq(appScreenshots.id, screenshot.id));
  }
}

/**
 * The hosted copy of each image URL of these versions, by version (`app:<id>`, `revision:<id>`):
 * what the administrators' review pages show in place of the developer's URLs, so that opening the
 * queue tells no developer's server who looked.
 */
export async function hostedUrlsOf(subjects: Subject[]): Promise<Map<string, Record<string, string>>> {
  const byVersion = new Map<string, Record<string, string>>();
  if (subjects.length === 0) return byVersion;
  const rows = await (
    await getDb()
  )
    .select({
      subjectType: listingImageCopies.subjectType,
      subjectId: listingImageCopies.subjectId,
      sourceUrl: listingImageCopies.sourceUrl,
      hash: listingImageCopies.hash,
      format: hostedAssets.format,
    })
    .from(listingImageCopies)
    .innerJoin(hostedAssets, eq(hostedAssets.hash, listingImageCopies.hash))
    .where(
      or(...subjects.map((subject) => and(eq(listingImageCopies.subjectType, subject.type), eq(listingImageCopies.subjectId, subject.id)))),
    );
  for (const row of rows) {
    const key = `${row.subjectType}:${row.subjectId}`;
    const urls = byVersion.get(key) ?? byVersion.set(key, {}).get(key)!;
    urls[row.sourceUrl] = hostedUrl(row.hash, row.format);
  }
  return byVersion;
}
