import { IMAGE_SIZE_LIMIT, type ImageRule } from "@/lib/core/image-rules";
import { env } from "@/lib/core/env";
import { ApiError, type FieldError } from "@/lib/core/errors";

import { isPublicAddress } from "./address-policy";
import { ImageHeaderReader } from "./image-header";
import { AssetFetchError, streamPrefix, type FetchPolicy } from "./safe-fetch";

/** The policy of the running configuration: public https only, unless ASSET_FETCH_ALLOW_PRIVATE. */
export function assetFetchPolicy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  const allowPrivate = env().assetFetchAllowPrivate;
  return {
    protocols: allowPrivate ? ["https:", "http:"] : ["https:"],
    isAllowedAddress: allowPrivate ? () => true : isPublicAddress,
    maxRedirects: 3,
    timeoutMs: 5_000,
    maxBytes: 2 * 1024 * 1024,
    ...overrides,
  };
}

/** What is wrong with the image at `url`, or null when it meets the rule. */
export async function inspectImage(url: string, rule: ImageRule, policy: FetchPolicy): Promise<string | null> {
  const reader = new ImageHeaderReader();
  try {
    // Each byte is read once, and the download stops as soon as the header tells the type and size.
    await streamPrefix(url, policy, (chunk) => reader.push(chunk));
  } catch (error) {
    if (error instanceof AssetFetchError) return `${rule.label} ${error.message}`;
    throw error;
  }
  const size = reader.finish();
  if (!size) return `${rule.label} must be a PNG or JPEG image`;
  return ruleProblem(size, rule);
}

/** What is wrong with an image of this size for `rule` (the bounds every image has first), or null. */
export function ruleProblem({ width, height }: { width: number; height: number }, rule: ImageRule): string | null {
  const { side, megapixels } = IMAGE_SIZE_LIMIT;
  if (width > side || height > side || width * height > megapixels * 1_000_000) {
    return `${rule.label} must be at most ${side} pixels a side and ${megapixels} megapixels (it is ${width}×${height})`;
  }
  if (rule.exact && (width !== rule.exact.width || height !== rule.exact.height)) {
    return `${rule.label} must be exactly ${rule.exact.width}×${rule.exact.height} pixels (it is ${width}×${height})`;
  }
  if (rule.square && width !== height) return `${rule.label} must be square (it is ${width}×${height})`;
  if (rule.min && (width < rule.min.width || height < rule.min.height)) {
    return `${rule.label} must be at least ${rule.min.width}×${rule.min.height} pixels (it is ${width}×${height})`;
  }
  return null;
}

export type ImageToCheck = { path: string; url: string; rule: ImageRule };

/** Checks every image at once; all failures come back together as one 400 asset_invalid. */
export async function assertImagesValid(images: ImageToCheck[], policy: FetchPolicy = assetFetchPolicy()): Promise<void> {
  const results = await Promise.all(
    images.map(async (image) => ({ path: image.path, problem: await inspectImage(image.url, image.rule, policy) })),
  );
  throwAssetErrors(results);
}

/** The one 400 asset_invalid for every image that failed (each with its field's path), if any did. */
export function throwAssetErrors(results: { path: string; problem: string | null }[]): void {
  const errors: FieldError[] = results
    .filter((result) => result.problem !== null)
    .map(({ path, problem }) => ({ path, code: "asset_invalid", message: problem! }));
  if (errors.length > 0) {
    throw new ApiError(
      "asset_invalid",
      errors.length === 1 ? `${errors[0]!.path}: ${errors[0]!.message}` : `${errors.length} images are invalid`,
      { errors },
    );
  }
}
