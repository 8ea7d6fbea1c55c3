import type { App, Developer } from "@/db/schema";
import type { AdminAppResource, AppAnalytics, DeveloperAppResource, PublicAppResource } from "@/lib/validation/responses";

import type { ScreenshotRow } from "./screenshots";

// Every shape in which an app leaves the server, built field by field from rows, so a new column
// never reaches a response by accident. Services return rows; routes and pages apply these.

export type AppWithScreenshots = { app: App; screenshots: ScreenshotRow[] };

/** The columns every view of a listing shows. */
type ListingFields = Pick<
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
>;

/** The app columns a public view is built from; public queries select exactly these (plus `id`). */
type PublicAppFields = ListingFields & Pick<App, "reviewCount" | "averageRating" | "publishedAt" | "updatedAt">;
type PublicDeveloperFields = Pick<Developer, "id" | "name" | "companyName" | "websiteUrl">;
export type PublicAppRow = { app: PublicAppFields; developer: PublicDeveloperFields; screenshots: ScreenshotRow[] };

type ReviewerDeveloperFields = Pick<Developer, "id" | "name" | "email" | "companyName" | "status">;
export type AdminAppRow = AppWithScreenshots & { developer: ReviewerDeveloperFields };

function screenshotsView(screenshots: ScreenshotRow[]) {
  return [...screenshots]
    .sort((a, b) => a.position - b.position)
    .map((shot) => ({ url: shot.url, caption: shot.caption, order: shot.position }));
}

/** The listing as everyone sees it; every other view starts from this. */
function listingView(app: ListingFields, screenshots: ScreenshotRow[]) {
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

const averageOf = (app: Pick<App, "averageRating">) => (app.averageRating === null ? null : Number(app.averageRating));

/** An app as its developer sees it: everything public plus status, review outcome and timestamps. */
export function developerAppView({ app, screenshots }: AppWithScreenshots): DeveloperAppResource {
  return {
    id: app.id,
    ...listingView(app, screenshots),
    oauthClientId: app.oauthClientId,
    status: app.status,
    rejection: app.rejection
      ? { reasons: app.rejection.reasons, message: app.rejection.message, rejectedAt: app.rejection.rejectedAt }
      : null,
    unpublishReason: app.status === "UNPUBLISHED" ? app.unpublishReason : null,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    publishedAt: app.publishedAt?.toISOString() ?? null,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

/** A listing as reviewers see it: the developer's view plus who made it and its public counters. */
export function adminAppView({ app, screenshots, developer }: AdminAppRow): AdminAppResource {
  return {
    ...developerAppView({ app, screenshots }),
    reviewCount: app.reviewCount,
    averageRating: averageOf(app),
    developer: {
      id: developer.id,
      name: developer.name,
      email: developer.email,
      companyName: developer.companyName,
      status: developer.status,
    },
  };
}

/** The only shape in which an app leaves the public API. */
export function publicAppView({ app, developer, screenshots }: PublicAppRow): PublicAppResource {
  return {
    ...listingView(app, screenshots),
    reviewCount: app.reviewCount,
    averageRating: averageOf(app),
    developer: { id: developer.id, name: developer.name, companyName: developer.companyName, websiteUrl: developer.websiteUrl },
    publishedAt: app.publishedAt?.toISOString() ?? null,
    updatedAt: app.updatedAt.toISOString(),
  };
}
export type PublicApp = ReturnType<typeof publicAppView>;

export function analyticsView({ app, installsByDay }: { app: App; installsByDay: AppAnalytics["installsByDay"] }): AppAnalytics {
  return {
    installCount: app.installCount,
    reviewCount: app.reviewCount,
    averageRating: averageOf(app),
    status: app.status,
    featured: app.featured,
    installsByDay,
  };
}
