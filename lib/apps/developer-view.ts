import type { App, AppScreenshot } from "@/db/schema";
import type { DeveloperAppResource } from "@/lib/validation/responses";

export type ScreenshotRow = Pick<AppScreenshot, "url" | "caption" | "position">;

export function screenshotsView(screenshots: ScreenshotRow[]) {
  return [...screenshots]
    .sort((a, b) => a.position - b.position)
    .map((shot) => ({ url: shot.url, caption: shot.caption, order: shot.position }));
}

export type ListingFields = Pick<
  App,
  "slug" | "name" | "description" | "longDescription" | "category" | "environment" | "logoUrl" | "bannerUrl" | "websiteUrl" | "featured" | "installCount"
>;

/** The listing as everyone sees it; both the developer's and the public view start from this, field by field. */
export function listingView(app: ListingFields, screenshots: ScreenshotRow[]) {
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
  };
}

/** An app as its developer sees it: everything public plus status, review outcome and timestamps. */
export function developerAppView(app: App, screenshots: ScreenshotRow[]): DeveloperAppResource {
  return {
    id: app.id,
    ...listingView(app, screenshots),
    oauthClientId: app.oauthClientId,
    status: app.status,
    rejection: app.rejection
      ? { reasons: app.rejection.reasons, message: app.rejection.message, rejectedAt: app.rejection.rejectedAt }
      : null,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    publishedAt: app.publishedAt?.toISOString() ?? null,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}
