import type { ListingImages } from "@/lib/assets/app-assets";
import type { ImageCopy } from "@/lib/assets/hosted/listing-copies";
import { can, refusal } from "@/lib/state/machine";
import type { Access } from "@/lib/members/access";

import { assertSubmittable, getRevision } from "./revisions";
import type { PreflightResource } from "./schemas";
import { getDeveloperApp } from "./service";
import { APP_STATES } from "./states";

type Checks = { access: Access; appId: string; copyAssets: (images: ListingImages, owner: string) => Promise<ImageCopy[]> };
/** What a preflight that found nothing to refuse reports: the state it left as it was and how many images it checked. */
export type Preflight = { status: PreflightResource["status"]; images: number };

/**
 * Every automated check of a submit, without submitting: the listing's state, then every image
 * fetched, decoded and checked as a submit would (all failures in one 400 `asset_invalid`). Nothing
 * about the listing changes: it stays a DRAFT (or REJECTED), and no copy is recorded with it.
 */
export async function preflightApp({ access, appId, copyAssets }: Checks): Promise<Preflight> {
  const listing = await getDeveloperApp({ access, appId });
  if (!can(APP_STATES, "submit", listing.app.status)) throw refusal(APP_STATES, "submit", listing.app.status);
  const copies = await copyAssets(listing, access.developerId);
  return { status: listing.app.status, images: copies.length };
}

/** The same for the app's open update: its state, its notes, then its images; the update stays as it is. */
export async function preflightRevision({ access, appId, copyAssets }: Checks): Promise<Preflight> {
  const { revision } = await getRevision({ access, appId });
  assertSubmittable(revision);
  const copies = await copyAssets({ app: revision, screenshots: revision.screenshots }, access.developerId);
  return { status: revision.status, images: copies.length };
}
