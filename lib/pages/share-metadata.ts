import type { Metadata } from "next";

import { env } from "@/lib/core/env";

// What a link to a public page shows where it is pasted (chats, posts) and which address search
// engines keep: the canonical URL on APP_URL, Open Graph and Twitter card tags, through Next's
// metadata API. Pages rendered per request, so APP_URL is read as the page is served.

const SITE_NAME = "Yapture Marketplace";

/** The absolute address of a page of this marketplace; path segments from data must be encoded by the caller. */
export function canonicalUrl(path: string): string {
  return `${env().APP_URL.replace(/\/+$/, "")}${path}`;
}

/**
 * The canonical link and the sharing tags of the page at `path`. With an `image` (1200×630, the
 * app's card: lib/pages/share-card.tsx) Twitter shows a large picture; without, a summary.
 */
export function shareMetadata({
  path,
  title,
  description,
  image,
}: {
  path: string;
  title: string;
  description: string;
  image?: { path: string; alt: string };
}): Metadata {
  const url = canonicalUrl(path);
  const images = image ? [{ url: canonicalUrl(image.path), width: 1200, height: 630, alt: image.alt, type: "image/jpeg" }] : undefined;
  return {
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: SITE_NAME, url, title, description, ...(images && { images }) },
    twitter: {
      card: images ? "summary_large_image" : "summary",
      title,
      description,
      ...(images && { images: images.map(({ url: imageUrl, alt }) => ({ url: imageUrl, alt })) }),
    },
  };
}
