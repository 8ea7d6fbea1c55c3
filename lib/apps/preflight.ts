import type { ListingImages } from "@/lib/assets/app-assets";
import type { ImageCopy } from "@/lib/assets/hosted/listing-copies";
import { can, refusal } from "@/lib/state/machine";
import type { Access } from "@/lib/members/access";

import { getDeveloperApp } from "./service";
import { APP_STATES } from "./states";
import type { DeveloperListing } from "./views";

/**
 * Every automated check of a submit, without submitting: the listing's state, then every image
 * fetched, decoded and checked as a submit would (all failures in one 400 `asset_invalid`). Nothing
 * about the listing changes: it stays a DRAFT (or REJECTED), and no copy is recorded with it.
 */
export async function preflightApp({
  access,
  appId,
  copyAssets,
}: {
  access: Access;
  appId: string;
  copyAssets: (images: ListingImages, owner: string) => Promise<ImageCopy[]>;
}): Promise<{ listing: DeveloperListing; images: number }> {
  const listing = await getDeveloperApp({ access, appId });
  if (!can(APP_STATES, "submit", listing.app.status)) throw refusal(APP_STATES, "submit", listing.app.status);
  const copies = await copyAssets(listing, access.developerId);
  return { listing, images: copies.length };
}
