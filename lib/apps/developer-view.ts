import type { App, AppScreenshot } from "@/db/schema";
import type { DeveloperAppResource } from "@/lib/validation/responses";

export type ScreenshotRow = Pick<AppScreenshot, "url" | "caption" | "position">;

export function screenshotsView(screenshots: ScreenshotRow[]) {
  return [...screenshots]
    .sort((a, b) => a.position - b.position)
    .map((shot) => ({ url: shot.url, caption: shot.caption, order: shot.position }));
}

/** An app as its developer sees it: everything public plus status, review outcome and timestamps. */
export function developerAppView(app: App, screenshots: ScreenshotRow[]): DeveloperAppResource {
  return {
    id: app.id,
    slug: app.slug,
    name: app.name,
    description: app.description,
    longDescription: app.longDescription,
    category: app.category,
    environment: app.environment,
    logoUrl: app.logoUrl,
    bannerUrl: app.bannerUrl,
    websiteUrl: app.websiteUrl,
    oauthClientId: app.oauthClientId,
    screenshots: screenshotsView(screenshots),
    status: app.status,
    featured: app.featured,
    installCount: app.installCount,
    rejection: app.rejection
      ? { reasons: app.rejection.reasons, message: app.rejection.message, rejectedAt: app.rejection.rejectedAt }
      : null,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    publishedAt: app.publishedAt?.toISOString() ?? null,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}
