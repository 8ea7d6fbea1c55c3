import type { App } from "@/db/schema";
import type { ScreenshotRow } from "@/lib/apps/screenshots";
import { IMAGE_RULES } from "@/lib/domain/image-rules";

import { assertImagesValid, type ImageToCheck } from "./image-check";
import type { FetchPolicy } from "./safe-fetch";

/** The images of a listing or of an update of one. */
export type ListingImages = { app: Pick<App, "logoUrl" | "bannerUrl">; screenshots: ScreenshotRow[] };

/** The images of a listing with the rule each must meet and its field path for errors. */
function imagesOfListing({ app, screenshots }: ListingImages): ImageToCheck[] {
  const images: ImageToCheck[] = [];
  if (app.logoUrl) images.push({ path: "logoUrl", url: app.logoUrl, rule: IMAGE_RULES.logo });
  if (app.bannerUrl) images.push({ path: "bannerUrl", url: app.bannerUrl, rule: IMAGE_RULES.banner });
  [...screenshots]
    .sort((a, b) => a.position - b.position)
    .forEach((shot, index) => images.push({ path: `screenshots[${index}].url`, url: shot.url, rule: IMAGE_RULES.screenshot }));
  return images;
}

export function checkListingAssets(policy?: FetchPolicy) {
  return (listing: ListingImages) => assertImagesValid(imagesOfListing(listing), policy);
}
