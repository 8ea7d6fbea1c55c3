import { HOSTED_IMAGE_KINDS, type HostedImageKind } from "./limits";

// The sized variants of a hosted image, for `srcset`: pure string work, safe in the browser.
// Widths are those made when the image was stored (./limits.ts); each kind's rule guarantees the
// original is at least that wide, so every descriptor is the file's true width.

const HOSTED = /^(.*\/assets\/[0-9a-f]{64})\.(png|jpg)$/;

/** `srcset` of a hosted image's WebP variants; undefined for a URL that is not a hosted original (older listings). */
export function hostedSrcSet(url: string, kind: Exclude<HostedImageKind, "description">): string | undefined {
  const hosted = HOSTED.exec(url);
  if (!hosted) return undefined;
  return HOSTED_IMAGE_KINDS[kind].widths.map((width) => `${hosted[1]}-w${width}.webp ${width}w`).join(", ");
}
