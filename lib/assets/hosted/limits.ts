import { IMAGE_RULES, type ImageRule } from "@/lib/core/image-rules";

/**
 * The hard limits on copying a listing's images (docs/assets.md): what one image may weigh as
 * downloaded, how long decoding it may take, and how many images a long description may show (a listing's own are bounded by its schema).
 * Pixels are bounded by IMAGE_SIZE_LIMIT (40 megapixels), which the decoder enforces as well.
 */
export const HOSTED_IMAGE_LIMITS = { bytes: 5 * 1024 * 1024, decodeSeconds: 10, descriptionImages: 10 } as const;

/** What a hosted image is for: its rule, and the widths of the WebP variants the pages use. */
export const HOSTED_IMAGE_KINDS = {
  logo: { rule: IMAGE_RULES.logo, widths: [64, 128, 256] },
  banner: { rule: IMAGE_RULES.banner, widths: [640, 1200] },
  screenshot: { rule: IMAGE_RULES.screenshot, widths: [640, 1280] },
  // An image in the long description: any size within the bounds every image has.
  description: { rule: { label: "image" } satisfies ImageRule, widths: [640, 1280] },
} as const satisfies Record<string, { rule: ImageRule; widths: readonly number[] }>;

export type HostedImageKind = keyof typeof HOSTED_IMAGE_KINDS;
