"use client";

import { HostedImage, ImageFallback } from "./hosted-image";

/**
 * A listing's logo at a fixed size in a list (cards, the related column, the portal's lists): the
 * hosted image, or its monogram while it has none or when it fails to load.
 */
export function ListingLogo({
  name,
  url,
  size,
  className = "",
  loading,
}: {
  name: string;
  url: string | null;
  size: number;
  /** Rounding and borders, shared by the image and its monogram. */
  className?: string;
  loading?: "lazy";
}) {
  const box = { width: size, height: size };
  if (!url) return <ImageFallback kind="logo" name={name} alt="" className={`shrink-0 text-sm ${className}`} style={box} />;
  return (
    <HostedImage
      src={url}
      kind="logo"
      name={name}
      sizes={`${size}px`}
      alt=""
      width={size}
      loading={loading}
      style={box}
      className={`shrink-0 object-cover ${className}`}
    />
  );
}
