import type { ImgHTMLAttributes } from "react";

import { hostedSrcSet } from "@/lib/assets/hosted/srcset";
import type { HostedImageKind } from "@/lib/assets/hosted/limits";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "alt"> & {
  src: string;
  /** Required: "" for an image that only decorates. */
  alt: string;
  kind: Exclude<HostedImageKind, "description">;
};

/** A listing's image, with the sized WebP variants made when it was stored (none for an older, unhosted URL). */
export function HostedImage({ src, kind, sizes, alt, ...props }: Props) {
  // eslint-disable-next-line @next/next/no-img-element -- the variants are made at submit; next/image would resize again
  return <img src={src} srcSet={hostedSrcSet(src, kind)} sizes={sizes} alt={alt} {...props} />;
}
