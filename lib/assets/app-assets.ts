import type { App } from "@/db/schema";
import type { ScreenshotRow } from "@/lib/apps/screenshots";

/** The images of a listing or of an update of one. */
export type ListingImages = { app: Pick<App, "logoUrl" | "bannerUrl" | "longDescription">; screenshots: ScreenshotRow[] };
