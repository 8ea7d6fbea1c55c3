import type { App, AppScreenshot } from "@/db/schema";

/** The images of a listing or of an update of one. */
export type ListingImages = {
  app: Pick<App, "logoUrl" | "bannerUrl" | "longDescription">;
  screenshots: Pick<AppScreenshot, "url" | "caption" | "position">[];
};
