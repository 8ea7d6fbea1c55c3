import { assetFetchPolicy } from "../image-check";
import { AssetFetchError, streamPrefix, type FetchPolicy } from "../safe-fetch";

import { HOSTED_IMAGE_KINDS, HOSTED_IMAGE_LIMITS, type HostedImageKind } from "./limits";
import { imageLines, ImageRejected, processImage } from "./process-image";
import { storeImage } from "./store";

const MEGABYTE = 1024 * 1024;

/** Where an image's bytes come from: the whole file at `url`, or an AssetFetchError saying why not. */
export type ImageSource = (url: string) => Promise<Buffer>;

/** Downloads under the SSRF policy, refused past HOSTED_IMAGE_LIMITS.bytes: how a submit gets a listing's images. */
export const webImages =
  (policy: FetchPolicy = assetFetchPolicy()): ImageSource =>
  (url) =>
    download(url, policy);

async function download(url: string, policy: FetchPolicy): Promise<Buffer> {
  const chunks: Buffer[] = [];
  // One byte over the limit is how a file too large is told from one exactly at it.
  await streamPrefix(url, { ...policy, maxBytes: HOSTED_IMAGE_LIMITS.bytes + 1 }, (chunk) => {
    chunks.push(chunk);
    return false;
  });
  const bytes = Buffer.concat(chunks);
  if (bytes.length > HOSTED_IMAGE_LIMITS.bytes) throw new AssetFetchError(`is larger than ${HOSTED_IMAGE_LIMITS.bytes / MEGABYTE} MB`);
  return bytes;
}

/**
 * Downloads a listing's image, checks it by decoding it, and stores it with its variants: the
 * hosted copy's hash, or what is wrong with the image (for the field's `asset_invalid` error).
 * From the download to the store the image holds a place among the images in flight, `owner`'s
 * turn (IMAGE_LINES): a 429 or 503 when the line is full or does not move is thrown, not a problem.
 */
export async function copyImage(
  url: string,
  kind: HostedImageKind,
  source: ImageSource,
  { owner, label = HOSTED_IMAGE_KINDS[kind].rule.label }: { owner: string; label?: string },
): Promise<{ hash: string } | { problem: string }> {
  try {
    return await imageLines().inFlight.run(owner, async () => {
      const processed = await processImage(await source(url), kind, { owner, label });
      await storeImage(processed);
      return { hash: processed.hash };
    });
  } catch (error) {
    if (error instanceof AssetFetchError) return { problem: `${label} ${error.message}` };
    if (error instanceof ImageRejected) return { problem: error.message };
    throw error;
  }
}
