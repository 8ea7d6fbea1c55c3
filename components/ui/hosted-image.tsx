import type { ImgHTMLAttributes } from "react";

import type { HostedImageKind } from "@/lib/assets/hosted/limits";
import { hostedSrcSet } from "@/lib/assets/hosted/srcset";

type ShownKind = Exclude<HostedImageKind, "description">;

/** Height over width of the box each kind is shown in (the rules: square logos, 2:1 banners, 16:9 screenshots). */
const SHOWN_RATIO: Record<ShownKind, number> = { logo: 1, banner: 1 / 2, screenshot: 9 / 16 };

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "alt" | "width" | "height"> & {
  src: string;
  kind: ShownKind;
  /** Required: "" for an image that only decorates. */
  alt: string;
  /** The width it is shown at; the height follows from the kind, so the page keeps its place while it loads. */
  width: number;
};

/** A listing's image, with the sized WebP variants made when it was stored (none for an older, unhosted URL). */
export function HostedImage({ src, kind, sizes, alt, width, className = "", ...props }: Props) {
  const height = Math.round(width * SHOWN_RATIO[kind]);
  // Logos are drawn for a light page: a transparent one keeps its white backdrop in the dark theme
  // (bg-[#fff] is a fixed colour, which the theme does not turn over).
  const backdrop = kind === "logo" ? "bg-[#fff]" : "";
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the variants are made at submit; next/image would resize again
    <img
      src={src}
      srcSet={hostedSrcSet(src, kind)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      className={`${backdrop} ${className}`.trim()}
      {...props}
    />
  );
}
