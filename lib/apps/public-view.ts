import type { App, Developer } from "@/db/schema";
import type { PublicAppResource } from "@/lib/validation/responses";

import { listingView, type ScreenshotRow } from "./developer-view";

/** The app columns a public view is built from; queries select exactly these (plus `id` to join screenshots). */
export type PublicAppFields = Pick<
  App,
  | "slug"
  | "name"
  | "description"
  | "longDescription"
  | "category"
  | "environment"
  | "logoUrl"
  | "bannerUrl"
  | "websiteUrl"
  | "featured"
  | "installCount"
  | "reviewCount"
  | "averageRating"
  | "publishedAt"
  | "updatedAt"
>;

export type PublicDeveloperFields = Pick<Developer, "name" | "companyName" | "websiteUrl">;

export type PublicAppRow = {
  app: PublicAppFields;
  developer: PublicDeveloperFields;
  screenshots: ScreenshotRow[];
};

/**
 * The only shape in which an app leaves the public API. Built field by field, so a new column
 * never reaches visitors by accident.
 */
export function publicAppView({ app, developer, screenshots }: PublicAppRow): PublicAppResource {
  return {
    ...listingView(app, screenshots),
    reviewCount: app.reviewCount,
    averageRating: app.averageRating === null ? null : Number(app.averageRating),
    developer: { name: developer.name, companyName: developer.companyName, websiteUrl: developer.websiteUrl },
    publishedAt: app.publishedAt?.toISOString() ?? null,
    updatedAt: app.updatedAt.toISOString(),
  };
}

export type PublicApp = ReturnType<typeof publicAppView>;
