"use client";

import { useEffect, useRef, useState, type CSSProperties, type ImgHTMLAttributes } from "react";

import type { HostedImageKind } from "@/lib/assets/hosted/limits";
import { hostedSrcSet } from "@/lib/assets/hosted/srcset";
import { gradientOf, initialsOf } from "@/lib/client/monogram";

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
  /** The listing's name: a logo or banner that fails shows its monogram or gradient (see ImageFallback). */
  name: string;
};

/**
 * What stands in for a listing's image that is missing or fails to load, in the image's own box
 * (`className`): a logo is the name's initials on the name's gradient, a banner the gradient, a
 * screenshot a labelled placeholder. Never the browser's broken-image icon, nor the alt text
 * spilling out of a small tile.
 */
export function ImageFallback({
  kind,
  name,
  alt,
  className = "",
  style,
  ...props
}: {
  kind: ShownKind;
  name: string;
  alt: string;
  className?: string;
  style?: CSSProperties;
  "data-testid"?: string;
}) {
  const named = alt === "" ? { "aria-hidden": true as const } : { role: "img", "aria-label": alt };
  if (kind === "screenshot") {
    return (
      <span
        {...named}
        style={style}
        className={`flex items-center justify-center bg-slate-100 p-4 text-center text-sm text-slate-700 ${className}`}
        data-fallback="screenshot"
        {...props}
      >
        <span aria-hidden="true">{alt ? `Screenshot not available: ${alt}` : "Screenshot not available"}</span>
      </span>
    );
  }
  return (
    <span
      {...named}
      style={{ ...style, backgroundImage: gradientOf(name) }}
      className={`flex items-center justify-center overflow-hidden text-lg font-semibold text-white select-none ${className}`}
      data-fallback={kind}
      {...props}
    >
      {kind === "logo" ? <span aria-hidden="true">{initialsOf(name)}</span> : null}
    </span>
  );
}

/**
 * A listing's image, with the sized WebP variants made when it was stored (none for an older,
 * unhosted URL). One that fails to load, before the page's script ran or after, gives way to its
 * fallback (ImageFallback).
 */
export function HostedImage({ src, kind, sizes, alt, width, name, className = "", style, ...props }: Props) {
  const height = Math.round(width * SHOWN_RATIO[kind]);
  // Logos are drawn for a light page: a transparent one keeps its white backdrop in the dark theme
  // (bg-[#fff] is a fixed colour, which the theme does not turn over).
  const backdrop = kind === "logo" ? "bg-[#fff]" : "";
  const image = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  useEffect(() => {
    // An image that failed before React listened fired its error unheard: it is complete, and empty.
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailedSrc(src);
  }, [src]);
  if (failedSrc === src) {
    const testId = (props as Record<string, unknown>)["data-testid"] as string | undefined;
    return <ImageFallback kind={kind} name={name} alt={alt} className={className} style={style} data-testid={testId} />;
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the variants are made at submit; next/image would resize again
    <img
      ref={image}
      src={src}
      srcSet={hostedSrcSet(src, kind)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      className={`${backdrop} ${className}`.trim()}
      style={style}
      onError={() => setFailedSrc(src)}
      {...props}
    />
  );
}
