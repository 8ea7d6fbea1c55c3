"use client";

import { HostedImage, ImageFallback } from "@/components/ui/hosted-image";

/** A listing's logo in the portal's lists; its monogram while it has none, or when it fails to load. */
export function AppLogo({ name, url, size = 40 }: { name: string; url: string | null; size?: number }) {
  const box = { width: size, height: size };
  if (!url) return <ImageFallback kind="logo" name={name} alt="" className="shrink-0 rounded-lg text-sm" style={box} />;
  return (
    <HostedImage
      src={url}
      kind="logo"
      name={name}
      alt=""
      width={size}
      style={box}
      className="shrink-0 rounded-lg border border-slate-200 bg-[#fff] object-cover"
    />
  );
}
