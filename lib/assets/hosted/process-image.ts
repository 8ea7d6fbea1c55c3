import { createHash } from "node:crypto";

import sharp from "sharp";

import { ruleProblem } from "../image-check";
import { ImageHeaderReader } from "../image-header";
import { heldWhileDecoding, readImageLayout } from "../image-layout";

import { decodeVariants, type DecodeOutcome } from "./decoder";
import { fairLine, type FairLine } from "./fair-line";
import { HOSTED_IMAGE_KINDS, HOSTED_IMAGE_LIMITS, IMAGE_LINES, type HostedImageKind } from "./limits";

type HostedFile = { variant: string; contentType: string; width: number; height: number; bytes: Buffer };

/** A checked image ready to store: named by the SHA-256 of the bytes downloaded, with its files. */
export type ProcessedImage = { hash: string; format: "png" | "jpeg"; width: number; height: number; files: HostedFile[] };

/** The image failed its check: `message` says why, in the words the API's field errors use. */
export class ImageRejected extends Error {}

const CONTENT_TYPES = { png: "image/png", jpeg: "image/jpeg" } as const;
const MB = 1_000_000;

// One line each per process, shared by every copy of this module that Next's bundles load.
const LINES = Symbol.for("marketplace.image-lines");
type Lines = { inFlight: FairLine; decoding: FairLine; decodes: Map<string, Promise<DecodeOutcome>> };
/** The lines images wait in (IMAGE_LINES), and the decodes running, by image and widths. */
export const imageLines = (): Lines =>
  ((globalThis as { [LINES]?: Lines })[LINES] ??= {
    inFlight: fairLine(IMAGE_LINES.inFlight),
    decoding: fairLine(IMAGE_LINES.decoding),
    decodes: new Map(),
  });

/** Why decoding this image would cost more than any image may, before a decoder sees it; or null. */
function decodeCostProblem(bytes: Buffer, label: string): string | null {
  const layout = readImageLayout(bytes, { maxScans: HOSTED_IMAGE_LIMITS.jpegScans });
  if (!layout) return null; // not an image the header reader accepts: refused before this
  if (layout.type === "jpeg" && layout.scans > HOSTED_IMAGE_LIMITS.jpegScans) {
    return `${label} is a JPEG of more than ${HOSTED_IMAGE_LIMITS.jpegScans} scans (each one is decoded over the whole image); save it as a baseline JPEG, or progressive with your encoder's usual settings`;
  }
  const held = heldWhileDecoding(layout);
  if (held && held.bytes > HOSTED_IMAGE_LIMITS.heldBytes) {
    const advice =
      layout.type === "png" ? "save it without interlacing, or with 8 bits a channel" : "save it as a baseline (not progressive) JPEG";
    return `${label} would take ${Math.ceil(held.bytes / MB)} MB of memory to decode (${held.what}, ${layout.width}×${layout.height}); at most ${HOSTED_IMAGE_LIMITS.heldBytes / MB} MB: ${advice}`;
  }
  return null;
}

const FAILURES: Record<Exclude<DecodeOutcome, { variants: unknown }>["failure"], string> = {
  refused: "could not be decoded",
  crashed: "could not be decoded",
  deadline: `took too long to decode (over ${HOSTED_IMAGE_LIMITS.decodeSeconds} s)`,
  memory: `needed too much memory to decode (over ${HOSTED_IMAGE_LIMITS.decoderRssBytes / MB} MB)`,
};

/**
 * The image decoded once into `widths`, in a decoder process, when the owner's turn in the
 * decoding line comes. Requests for the same bytes and widths at once share one decode.
 */
function decodeOnce(hash: string, bytes: Buffer, widths: readonly number[], owner: string): Promise<DecodeOutcome> {
  const { decoding, decodes } = imageLines();
  const key = `${hash}:${widths.join(",")}`;
  let decode = decodes.get(key);
  if (!decode) {
    decode = decoding.run(owner, () => decodeVariants(bytes, widths)).finally(() => decodes.delete(key));
    decodes.set(key, decode);
  }
  return decode;
}

export type ProcessOptions = {
  /** Who the image is checked for (a developer's id, or a background job's name): their turn in the decoding line. */
  owner: string;
  /** How the image is named in a refusal; the kind's label by default. */
  label?: string;
  /** The variants to make; the kind's by default (a preview needs only its widest). */
  widths?: readonly number[];
};

/**
 * Checks the downloaded bytes are a PNG or JPEG that meets the kind's rule and costs no more to
 * decode than any image may (scans, memory held), then decodes them once in a decoder process and
 * makes the sized WebP variants (never wider than the original). The original bytes are kept as
 * they came: what a visitor gets is exactly what was checked.
 */
export async function processImage(bytes: Buffer, kind: HostedImageKind, options: ProcessOptions): Promise<ProcessedImage> {
  const widths = options.widths ?? HOSTED_IMAGE_KINDS[kind].widths;
  const rule = { ...HOSTED_IMAGE_KINDS[kind].rule, label: options.label ?? HOSTED_IMAGE_KINDS[kind].rule.label };
  // The header first, as the submit check always read it: an image that claims an absurd size is
  // refused for that size, by name, before libvips is given a byte.
  const header = new ImageHeaderReader();
  header.push(bytes);
  const claimed = header.finish();
  if (!claimed) throw new ImageRejected(`${rule.label} must be a PNG or JPEG image`);
  const claimedProblem = ruleProblem(claimed, rule) ?? decodeCostProblem(bytes, rule.label);
  if (claimedProblem) throw new ImageRejected(claimedProblem);
  let metadata: sharp.Metadata;
  try {
    // The header only (libvips reads no pixels for this), for the size as a browser shows it.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(`${rule.label} could not be decoded`);
  }
  if (metadata.format !== "png" && metadata.format !== "jpeg") throw new ImageRejected(`${rule.label} must be a PNG or JPEG image`);
  // A JPEG's orientation tag may turn it a quarter.
  const { width, height } = metadata.autoOrient;
  const problem = ruleProblem({ width, height }, rule);
  if (problem) throw new ImageRejected(problem);

  const hash = createHash("sha256").update(bytes).digest("hex");
  const decoded = await decodeOnce(hash, bytes, widths, options.owner);
  if ("failure" in decoded) throw new ImageRejected(`${rule.label} ${FAILURES[decoded.failure]}`);
  const files: HostedFile[] = [
    { variant: "original", contentType: CONTENT_TYPES[metadata.format], width, height, bytes },
    ...decoded.variants.map((variant, index) => ({ variant: `w${widths[index]}`, contentType: "image/webp", ...variant })),
  ];
  return { hash, format: metadata.format, width, height, files };
}
