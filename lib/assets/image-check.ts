import { imageSize } from "image-size";

import { env } from "@/lib/env";
import { ApiError, type FieldError } from "@/lib/http";

import { isPublicAddress } from "./address-policy";
import { AssetFetchError, fetchPrefix, type FetchPolicy } from "./safe-fetch";

export type ImageRule = { label: string; exact?: { width: number; height: number }; min?: { width: number; height: number }; square?: boolean };

// The specification's image rules (section 8).
export const IMAGE_RULES = {
  logo: { label: "logo", square: true, min: { width: 512, height: 512 } },
  banner: { label: "banner", exact: { width: 1200, height: 600 } },
  screenshot: { label: "screenshot", min: { width: 1280, height: 720 } },
} as const satisfies Record<string, ImageRule>;

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

type Dimensions = { width: number; height: number; type: string };

function dimensionsOf(bytes: Buffer): Dimensions | null {
  try {
    const size = imageSize(bytes);
    return size.width && size.height && size.type ? { width: size.width, height: size.height, type: size.type } : null;
  } catch {
    return null;
  }
}

/** What is wrong with the image at `url`, or null when it meets the rule. */
export async function inspectImage(url: string, rule: ImageRule, policy: FetchPolicy): Promise<string | null> {
  let bytes: Buffer;
  try {
    // Stop downloading as soon as the header tells the type and size.
    bytes = await fetchPrefix(url, policy, (prefix) => dimensionsOf(prefix) !== null);
  } catch (error) {
    if (error instanceof AssetFetchError) return `${rule.label} ${error.message}`;
    throw error;
  }
  const size = dimensionsOf(bytes);
  if (!size || (size.type !== "png" && size.type !== "jpg")) return `${rule.label} must be a PNG or JPEG image`;
  const { width, height } = size;
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
  const results = await Promise.all(images.map(async (image) => ({ image, problem: await inspectImage(image.url, image.rule, policy) })));
  const errors: FieldError[] = results
    .filter((result) => result.problem !== null)
    .map(({ image, problem }) => ({ path: image.path, code: "asset_invalid", message: problem! }));
  if (errors.length > 0) {
    throw new ApiError("asset_invalid", errors.length === 1 ? `${errors[0]!.path}: ${errors[0]!.message}` : `${errors.length} images are invalid`, { errors });
  }
}
