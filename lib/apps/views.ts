import type { App, AppRejection, AppRevision, AppTester, Developer } from "@/db/schema";
import {
  EDITABLE_FIELDS,
  PRIVATE_FIELDS,
  PUBLIC_FIELDS,
  type ListingAnswer,
  type ListingField,
  type PublicField,
} from "./listing-declaration";
import type {
  AdminAppResource,
  AdminRevisionResource,
  AppEventResource,
  AppAnalytics,
  PastRejectionsResource,
  PreflightResource,
  DeveloperAppResource,
  RevisionResource,
  PublicAppResource,
  RolloutResource,
  TesterResource,
  UpdateEventResource,
  VersionResource,
} from "./schemas";

import type { Preflight } from "./preflight";
import type { Rollout } from "./staging";
import type { VersionHistory } from "./versions";
import type { PastRejection } from "./rejection-history";
import { revisionChanges } from "./revision-changes";

import type { ScreenshotRow } from "./screenshots";

// Every shape in which an app leaves the server, built field by field from rows, so a new column
// never reaches a response by accident. Services return rows; routes and pages apply these.

export type AppWithScreenshots = { app: App; screenshots: ScreenshotRow[] };
/** The update being prepared or reviewed for a live app. */
export type OpenRevisionSummary = Pick<AppRevision, "id" | "status">;
/** A listing as its developer and reviewers read it: with its open revision, if any. */
export type DeveloperListing = AppWithScreenshots & { revision: OpenRevisionSummary | null };

/** The columns every view of a listing shows. */
type ListingFields = Pick<
  App,
  "slug" | Exclude<PublicField, "screenshots"> | "featured" | "installCount" | "activeInstallCount" | "version" | "changelog"
>;

/** The app columns a public view is built from (and `id`, to put a search's page in order); public queries select exactly these. */
type PublicAppFields = ListingFields & Pick<App, "id" | "reviewCount" | "averageRating" | "publishedAt" | "updatedAt">;
type PublicDeveloperFields = Pick<Developer, "id" | "name" | "companyName" | "websiteUrl">;
export type PublicAppRow = { app: PublicAppFields; developer: PublicDeveloperFields; screenshots: ScreenshotRow[] };

type ReviewerDeveloperFields = Pick<Developer, "id" | "name" | "email" | "companyName" | "status">;
export type AdminAppRow = DeveloperListing & { developer: ReviewerDeveloperFields };
/** A revision with the live listing it would replace. */
export type RevisionRow = { revision: AppRevision; live: AppWithScreenshots };
export type AdminRevisionRow = RevisionRow & { developer: ReviewerDeveloperFields };

function screenshotsView(screenshots: ScreenshotRow[]) {
  return [...screenshots]
    .sort((a, b) => a.position - b.position)
    .map((shot) => ({ url: shot.url, caption: shot.caption, order: shot.position }));
}

/** The declared listing fields `fields` of a row as answers show them, in the declaration's order; screenshots come from a table of their own. */
function fieldsView<K extends ListingField>(
  fields: readonly K[],
  row: Pick<ListingAnswer, Exclude<K, "screenshots">>,
  screenshots: ScreenshotRow[] = [],
): Pick<ListingAnswer, K> {
  const valueOf = (field: K) => (field === "screenshots" ? screenshotsView(screenshots) : row[field as Exclude<K, "screenshots">]);
  return Object.fromEntries(fields.map((field) => [field, valueOf(field)])) as Pick<ListingAnswer, K>;
}

/** The listing as everyone sees it; every other view starts from this. */
function listingView(app: ListingFields, screenshots: ScreenshotRow[]) {
  return {
    slug: app.slug,
    ...fieldsView(PUBLIC_FIELDS, app, screenshots),
    featured: app.featured,
    installCount: app.installCount,
    activeInstallCount: app.activeInstallCount,
    version: app.version,
    changelog: app.changelog.map((entry) => ({ version: entry.version, notes: entry.notes, publishedAt: entry.publishedAt })),
  };
}

function rejectionView(rejection: AppRejection | null) {
  return rejection ? { reasons: rejection.reasons, message: rejection.message, rejectedAt: rejection.rejectedAt } : null;
}

const averageOf = (app: Pick<App, "averageRating">) => (app.averageRating === null ? null : Number(app.averageRating));

/** An app as its developer sees it: everything public plus status, review outcome and timestamps. */
export function developerAppView({ app, screenshots, revision }: DeveloperListing): DeveloperAppResource {
  return {
    id: app.id,
    ...listingView(app, screenshots),
    ...fieldsView(PRIVATE_FIELDS, app),
    status: app.status,
    visibility: app.visibility,
    reviewedVisibility: app.reviewedVisibility,
    revision: revision ? { id: revision.id, status: revision.status } : null,
    rejection: rejectionView(app.rejection),
    unpublishReason: app.status === "UNPUBLISHED" ? app.unpublishReason : null,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    publishedAt: app.publishedAt?.toISOString() ?? null,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

/** A listing as reviewers see it: the developer's view plus who made it and its public counters. */
export function adminAppView({ developer, ...listing }: AdminAppRow): AdminAppResource {
  const { app } = listing;
  return {
    ...developerAppView(listing),
    reviewCount: app.reviewCount,
    averageRating: averageOf(app),
    developer: reviewerDeveloperView(developer),
  };
}

function reviewerDeveloperView(developer: ReviewerDeveloperFields): AdminAppResource["developer"] {
  return {
    id: developer.id,
    name: developer.name,
    email: developer.email,
    companyName: developer.companyName,
    status: developer.status,
  };
}

/** An update of a live app as its developer sees it, with what it changes. */
export function revisionView({ revision, live }: RevisionRow): RevisionResource {
  return {
    id: revision.id,
    appId: revision.appId,
    status: revision.status,
    baseVersion: revision.baseVersion,
    version: revision.version,
    ...fieldsView(EDITABLE_FIELDS, revision, revision.screenshots),
    notes: revision.notes,
    staged: revision.staged,
    rejection: rejectionView(revision.rejection),
    changes: revisionChanges(
      { ...live.app, screenshots: screenshotsView(live.screenshots) },
      { ...revision, screenshots: screenshotsView(revision.screenshots) },
    ),
    submittedAt: revision.submittedAt?.toISOString() ?? null,
    approvedAt: revision.approvedAt?.toISOString() ?? null,
    createdAt: revision.createdAt.toISOString(),
    updatedAt: revision.updatedAt.toISOString(),
  };
}

/** A revision as reviewers see it: the developer's view plus the live app and who made it. */
export function adminRevisionView({ developer, ...row }: AdminRevisionRow): AdminRevisionResource {
  const { app } = row.live;
  return {
    ...revisionView(row),
    app: { id: app.id, slug: app.slug, name: app.name, status: app.status, environment: app.environment, version: app.version },
    developer: reviewerDeveloperView(developer),
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

/** A public app as an app card shows it (the `card` form of the public reads, written by Postgres: lib/catalogue/public-json.ts). */
export type PublicAppCard = Pick<
  PublicApp,
  | "slug"
  | "name"
  | "description"
  | "category"
  | "environment"
  | "logoUrl"
  | "installCount"
  | "activeInstallCount"
  | "reviewCount"
  | "averageRating"
> & { developer: Pick<PublicApp["developer"], "name" | "companyName"> };

export function analyticsView({ app, installsByDay }: { app: App; installsByDay: AppAnalytics["installsByDay"] }): AppAnalytics {
  return {
    installCount: app.installCount,
    activeInstallCount: app.activeInstallCount,
    reviewCount: app.reviewCount,
    averageRating: averageOf(app),
    status: app.status,
    featured: app.featured,
    installsByDay,
  };
}

/** A listing as an event's payload shows it (docs/webhooks.md). */
export function appEventView(app: App): AppEventResource {
  return {
    id: app.id,
    slug: app.slug,
    name: app.name,
    environment: app.environment,
    status: app.status,
    version: app.version,
    rejection: rejectionView(app.rejection),
    submittedAt: app.submittedAt?.toISOString() ?? null,
    publishedAt: app.publishedAt?.toISOString() ?? null,
    updatedAt: app.updatedAt.toISOString(),
  };
}

/** An update of a live listing as an event's payload shows it. */
export function updateEventView(revision: AppRevision): UpdateEventResource {
  return {
    id: revision.id,
    status: revision.status,
    baseVersion: revision.baseVersion,
    version: revision.version,
    notes: revision.notes,
    rejection: rejectionView(revision.rejection),
    submittedAt: revision.submittedAt?.toISOString() ?? null,
    approvedAt: revision.approvedAt?.toISOString() ?? null,
  };
}

/** What a preflight found: nothing to refuse. */
export function preflightView({ status, images }: Preflight): PreflightResource {
  return { ready: true, status, checkedImages: images };
}

/** A listing's past rejections, newest first. */
export function pastRejectionsView(rejections: PastRejection[]): PastRejectionsResource {
  return { data: rejections.map(({ of, reasons, message, rejectedAt }) => ({ of, reasons, message, rejectedAt })) };
}

/** A tester of a listing, as its publisher sees it. */
export function testerView(tester: AppTester): TesterResource {
  return {
    id: tester.id,
    workspaceId: tester.workspaceId,
    email: tester.email,
    addedAt: tester.createdAt.toISOString(),
    installedAt: tester.installedAt?.toISOString() ?? null,
    installedWorkspaceId: tester.installedWorkspaceId,
  };
}

/** A listing's version history, newest first, the live one and the staged one marked. */
export function versionsView({ current, staged, versions }: VersionHistory): { data: VersionResource[] } {
  return {
    data: versions.map((row) => ({
      version: row.version,
      name: row.name,
      liveAt: row.liveAt.toISOString(),
      restoredFrom: row.restoredFrom,
      current: row.version === current,
      staged: row.version === staged,
      rolledBackAt: row.rolledBackAt?.toISOString() ?? null,
    })),
  };
}

/** Where a listing's staged update stands. */
export function rolloutView(rollout: Rollout): RolloutResource {
  return {
    stage: rollout.stagedVersion === null ? "NONE" : rollout.rolloutPercent === 0 ? "TESTERS" : "PERCENT",
    liveVersion: rollout.version,
    stagedVersion: rollout.stagedVersion,
    percent: rollout.rolloutPercent,
  };
}
