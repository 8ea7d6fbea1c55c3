import { IMAGE_RULES, IMAGE_SIZE_LIMIT, type ImageRule } from "@/lib/core/image-rules";

const MB = 1_000_000;

/**
 * The hard limits on checking and copying a listing's images (docs/assets.md): what one image may
 * weigh as downloaded, how many images a long description may show (a listing's own are bounded by
 * its schema), and what decoding one may cost. Pixels are bounded by IMAGE_SIZE_LIMIT (40
 * megapixels) from the header, and by the decoder as well. Decoding happens in decoder processes
 * (./decoder.ts), at most `decodingAtOnce` at a time per server process.
 */
export const HOSTED_IMAGE_LIMITS = {
  bytes: 5 * 1024 * 1024,
  descriptionImages: 10,
  pixels: IMAGE_SIZE_LIMIT.megapixels * MB,
  /** Scans a JPEG may have (libjpeg reads each over the whole image; encoders write 1, or 6–10 progressive). */
  jpegScans: 32,
  /** What a decoder may hold whole beyond a few rows (./image-layout.ts): a 40-MP interlaced 8-bit RGBA PNG. */
  heldBytes: 160 * MB,
  /** A decode's deadline, after which its decoder is killed. */
  decodeSeconds: 10,
  /**
   * A decoder process's resident memory cap: ~60 MB of its own, up to ~50 MB kept from earlier
   * images, `heldBytes` and libvips' working memory (a 40-MP interlaced RGBA PNG peaked at 285–306
   * MB in a decoder that had decoded photos before: docs/benchmarks.md).
   */
  decoderRssBytes: 384 * MB,
} as const;

/**
 * Who waits for what (./fair-line.ts). Images in flight (downloading or downloaded, waiting to be
 * decoded, being decoded, stored) hold up to 5 MB each in the server's memory: 12 at once bound
 * that to 60 MB, 4 of them one developer's. Decoding holds a core and up to `decoderRssBytes`: 2 at
 * once per process, one per developer, so one developer's images never keep another's waiting.
 * Images beyond these wait their turn holding nothing (a portal page previews up to 20 at once, a
 * submit copies up to 20): at most 100 of one developer's (five listings' worth) and 1,000 in all,
 * and none longer than the patience (above the decode deadline and a download's 5 s).
 */
export const IMAGE_LINES = {
  inFlight: {
    what: "images being checked",
    slots: 12,
    perOwner: 4,
    waitingPerOwner: 100,
    waiting: 1000,
    patienceMs: 30_000,
    retryAfterSeconds: 5,
  },
  decoding: {
    what: "images waiting to be decoded",
    slots: 2,
    perOwner: 1,
    waitingPerOwner: 100,
    waiting: 1000,
    patienceMs: 15_000,
    retryAfterSeconds: 5,
  },
} as const;

/** What a hosted image is for: its rule, and the widths of the WebP variants the pages use. */
export const HOSTED_IMAGE_KINDS = {
  logo: { rule: IMAGE_RULES.logo, widths: [64, 128, 256] },
  banner: { rule: IMAGE_RULES.banner, widths: [640, 1200] },
  screenshot: { rule: IMAGE_RULES.screenshot, widths: [640, 1280] },
  // An image in the long description: any size within the bounds every image has.
  description: { rule: { label: "image" } satisfies ImageRule, widths: [640, 1280] },
} as const satisfies Record<string, { rule: ImageRule; widths: readonly number[] }>;

export type HostedImageKind = keyof typeof HOSTED_IMAGE_KINDS;
