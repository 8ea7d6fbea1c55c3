import type { App, AppScreenshot, Developer } from "@/db/schema";

import { screenshotsView } from "./developer-view";

export type PublicAppRow = {
  app: App;
  developer: Pick<Developer, "name" | "companyName" | "websiteUrl">;
  screenshots: Pick<AppScreenshot, "url" | "caption" | "position">[];
};

/**
 * The only shape in which an app leaves the public API. Built field by field, so a new column
 * never reaches visitors by accident.
 */
export function publicAppView({ app, developer, screenshots }: PublicAppRow) {
  return {
    slug: app.slug,
    name: app.name,
    description: app.description,
    longDescription: app.longDescription,
    category: app.category,
    environment: app.environment,
    logoUrl: app.logoUrl,
    bannerUrl: app.bannerUrl,
    websiteUrl: app.websiteUrl,
    screenshots: screenshotsView(screenshots),
    featured: app.featured,
    installCount: app.installCount,
    reviewCount: app.reviewCount,
    averageRating: app.averageRating === null ? null : Number(app.averageRating),
    developer: { name: developer.name, companyName: developer.companyName, websiteUrl: developer.websiteUrl },
    publishedAt: app.publishedAt?.toISOString() ?? null,
    updatedAt: app.updatedAt.toISOString(),
  };
}

export type PublicApp = ReturnType<typeof publicAppView>;
