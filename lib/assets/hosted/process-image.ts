import { createHash } from "node:crypto";

import sharp from "sharp";

import { IMAGE_SIZE_LIMIT } from "@/lib/core/image-rules";

import { ruleProblem } from "../image-check";
import { ImageHeaderReader } from "../image-header";

import { HOSTED_IMAGE_KINDS, HOSTED_IMAGE_LIMITS, type HostedImageKind } from "./limits";
import { slots } from "./slots";

type HostedFile = { variant: string; contentType: string; width: number; height: number; bytes: Buffer };

/** A checked image ready to store: named by the SHA-256 of the bytes downloaded, with its files. */
export type ProcessedImage = { hash: string; format: "png" | "jpeg"; width: number; height: number; files: HostedFile[] };

/** The image failed its check: `message` says why, in the words the API's field errors use. */
export class ImageRejected extends Error {}

const CONTENT_TYPES = { png: "image/png", jpeg: "image/jpeg" } as const;

/** Images decoding at once in this process (each up to 40 megapixels, ~160 MB while decoded). */
const DECODING = slots(2);

function decoder(bytes: Buffer) {
  return sharp(bytes, {
    // libvips refuses more pixels than this before decoding them (a decompression bomb).
    limitInputPixels: IMAGE_SIZE_LIMIT.megapixels * 1_000_000,
    // A truncated or corrupt image is refused, not shown half grey.
    failOn: "error",
  }).timeout({ seconds: HOSTED_IMAGE_LIMITS.decodeSeconds });
}

/**
 * Decodes the downloaded bytes with libvips, checks they are a PNG or JPEG that meets the kind's
 * rule, and makes the sized WebP variants (never wider than the original). The original bytes
 * are kept as they came: what a visitor gets is exactly what was checked.
 */
export async function processImage(bytes: Buffer, kind: HostedImageKind, label?: string): Promise<ProcessedImage> {
  const { widths } = HOSTED_IMAGE_KINDS[kind];
  const rule = { ...HOSTED_IMAGE_KINDS[kind].rule, label: label ?? HOSTED_IMAGE_KINDS[kind].rule.label };
  // The header first, as the submit check always read it: an image that claims an absurd size is
  // refused for that size, by name, before libvips is given a byte.
  const header = new ImageHeaderReader();
  header.push(bytes);
  const claimed = header.finish();
  if (!claimed) throw new ImageRejected(`${rule.label} must be a PNG or JPEG image`);
  const claimedProblem = ruleProblem(claimed, rule);
  if (claimedProblem) throw new ImageRejected(claimedProblem);
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected(`${rule.label} could not be decoded`);
  }
  if (metadata.format !== "png" && metadata.format !== "jpeg") throw new ImageRejected(`${rule.label} must be a PNG or JPEG image`);
  // As a browser shows it: a JPEG's orientation tag may turn it a quarter.
  const { width, height } = metadata.autoOrient;
  const problem = ruleProblem({ width, height }, rule);
  if (problem) throw new ImageRejected(problem);

  const files: HostedFile[] = [{ variant: "original", contentType: CONTENT_TYPES[metadata.format], width, height, bytes }];
  // Decoding is what takes memory: a bounded number at once per process, whoever submits.
  await DECODING.run(async () => {
    try {
      for (const target of widths) {
        const { data, info } = await decoder(bytes)
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        files.push({ variant: `w${target}`, contentType: "image/webp", width: info.width, height: info.height, bytes: data });
      }
    } catch (error) {
      const reason = error instanceof Error && /timeout/i.test(error.message) ? "took too long to decode" : "could not be decoded";
      throw new ImageRejected(`${rule.label} ${reason}`);
    }
  });
  return { hash: createHash("sha256").update(bytes).digest("hex"), format: metadata.format, width, height, files };
}
