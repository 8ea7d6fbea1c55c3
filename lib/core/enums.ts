// The closed vocabularies of the domain. The database enums, the zod schemas and the UI all read these.

/** Display names of a vocabulary: `DEVELOPER_TOOLS` → "Developer tools", unless `special` names it. */
function labelsOf<T extends string>(values: readonly T[], special: Partial<Record<T, string>> = {}): Record<T, string> {
  const plain = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replaceAll("_", " ");
  return Object.fromEntries(values.map((value) => [value, special[value] ?? plain(value)])) as Record<T, string>;
}

export const DEVELOPER_STATUSES = ["PENDING_VERIFICATION", "VERIFIED", "REJECTED", "SUSPENDED"] as const;
export type DeveloperStatus = (typeof DEVELOPER_STATUSES)[number];

/**
 * A verified developer's change of their public profile, reviewed by an administrator while the
 * verified values stay public. WITHDRAWN: taken back by the developer, or replaced by a newer change.
 */
export const PROFILE_CHANGE_STATUSES = ["PENDING", "APPROVED", "REJECTED", "WITHDRAWN"] as const;
export type ProfileChangeStatus = (typeof PROFILE_CHANGE_STATUSES)[number];

/** What the public sees of a developer (app pages, the public API, /developers/{id}); reviewed once verified. */
export const PUBLIC_PROFILE_FIELDS = ["name", "companyName", "websiteUrl", "bio"] as const;
export type PublicProfileField = (typeof PUBLIC_PROFILE_FIELDS)[number];

export const PUBLIC_PROFILE_FIELD_LABELS = labelsOf(PUBLIC_PROFILE_FIELDS, {
  name: "Name",
  companyName: "Company",
  websiteUrl: "Website",
  bio: "About",
});

export const APP_STATUSES = ["DRAFT", "PENDING", "APPROVED", "REJECTED", "UNPUBLISHED"] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

/** The review lifecycle of an update to a live app; an APPROVED revision is part of the app's history. */
export const REVISION_STATUSES = ["DRAFT", "PENDING", "REJECTED", "APPROVED"] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

// In the order of the specification; the public categories list keeps this order.
export const APP_CATEGORIES = [
  "PRODUCTIVITY",
  "UTILITIES",
  "BUSINESS",
  "DEVELOPER_TOOLS",
  "COMMUNICATION",
  "ANALYTICS",
  "AI_ML",
  "FINANCE",
  "EDUCATION",
  "OTHER",
] as const;
export type AppCategory = (typeof APP_CATEGORIES)[number];

export const CATEGORY_LABELS = labelsOf(APP_CATEGORIES, { AI_ML: "AI & machine learning" });

export const APP_ENVIRONMENTS = ["localhost", "staging", "production"] as const;
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number];

// Who sees a listing (docs/visibility.md), from the narrowest: PRIVATE (the publisher's members and
// its testers), UNLISTED (anyone with its slug), PUBLIC (every list, search and count).
export const APP_VISIBILITIES = ["PRIVATE", "UNLISTED", "PUBLIC"] as const;
export type AppVisibility = (typeof APP_VISIBILITIES)[number];
/** Wider than `than`: a change towards the public, which an approval must have covered. */
export const isWider = (visibility: AppVisibility, than: AppVisibility | null): boolean =>
  APP_VISIBILITIES.indexOf(visibility) > (than === null ? 0 : APP_VISIBILITIES.indexOf(than));
/** The visibility a new listing gets unless it names one: test environments stay private. */
export const defaultVisibility = (environment: AppEnvironment): AppVisibility => (environment === "production" ? "PUBLIC" : "PRIVATE");

// EVENTS_READ: the event feed; WEBHOOKS_MANAGE: the webhook endpoints (docs/webhooks.md).
export const API_KEY_SCOPES = [
  "APP_CREATE",
  "APP_READ",
  "APP_UPDATE",
  "APP_DELETE",
  "ANALYTICS_READ",
  "EVENTS_READ",
  "WEBHOOKS_MANAGE",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * Where an app was seen from (analytics): an impression's list, a page view's referrer, an
 * install's page. `other`: installs before sources were recorded, and what fits nothing else.
 */
export const STAT_SOURCES = ["search", "category", "featured", "home", "developer_page", "api", "external", "direct", "other"] as const;
export type StatSource = (typeof STAT_SOURCES)[number];

/** Why a workspace removed an app, asked when it is removed (optional). */
export const UNINSTALL_REASONS = [
  "NOT_USEFUL",
  "MISSING_FEATURE",
  "BUGS",
  "PERFORMANCE",
  "PRIVACY",
  "TEMPORARY",
  "SWITCHED",
  "OTHER",
] as const;
export type UninstallReason = (typeof UNINSTALL_REASONS)[number];
export const UNINSTALL_REASON_LABELS: Record<UninstallReason, string> = {
  NOT_USEFUL: "Not useful",
  MISSING_FEATURE: "Missing a feature",
  BUGS: "Bugs",
  PERFORMANCE: "Slow or heavy",
  PRIVACY: "Privacy",
  TEMPORARY: "Only needed it for a while",
  SWITCHED: "Switched to another app",
  OTHER: "Other",
};

/**
 * What a member of a publisher (a developer account) may do (docs/api.md, "Publisher teams"):
 * OWNER everything; ADMIN everything but ownership; DEVELOPER listings and their updates; ANALYST
 * reads listings and analytics; SUPPORT reads listings and replies to reviews.
 */
export const MEMBER_ROLES = ["OWNER", "ADMIN", "DEVELOPER", "ANALYST", "SUPPORT"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  DEVELOPER: "Developer",
  ANALYST: "Analyst",
  SUPPORT: "Support",
};

export const APPROVAL_CRITERIA = ["FUNCTIONALITY", "QUALITY", "SECURITY", "TERMS_COMPLIANCE", "USER_EXPERIENCE"] as const;
export type ApprovalCriterion = (typeof APPROVAL_CRITERIA)[number];

export const APPROVAL_CRITERION_LABELS = labelsOf(APPROVAL_CRITERIA);

/** The queues of items waiting for an administrator's decision: new listings, updates of live apps, public profile changes. */
export const APPROVAL_QUEUES = ["listing", "update", "profile_change"] as const;
export type ApprovalQueue = (typeof APPROVAL_QUEUES)[number];

/** Why a person reports a customer review or a publisher's reply (docs/moderation.md). */
export const REPORT_REASONS = ["SPAM", "OFFENSIVE", "OFF_TOPIC", "CONFLICT_OF_INTEREST", "OTHER"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  SPAM: "Spam or advertising",
  OFFENSIVE: "Offensive or abusive",
  OFF_TOPIC: "Not about this app",
  CONFLICT_OF_INTEREST: "Written by someone with a stake in the app",
  OTHER: "Something else",
};

/** What in a customer review is reported or moderated: the review itself, or the publisher's reply to it. */
export const MODERATED_PARTS = ["review", "reply"] as const;
export type ModeratedPart = (typeof MODERATED_PARTS)[number];

export const EMAIL_TYPES = [
  "DEVELOPER_VERIFIED",
  "DEVELOPER_REJECTED",
  "DEVELOPER_SUSPENDED",
  "DEVELOPER_REINSTATED",
  "APP_APPROVED",
  "APP_REJECTED",
  "APP_UPDATE_APPROVED",
  "APP_UPDATE_REJECTED",
  "PROFILE_CHANGE_APPROVED",
  "PROFILE_CHANGE_REJECTED",
  "REVIEW_REPLIED",
  "MEMBER_INVITED",
  "API_KEY_EXPIRING",
  "WEBHOOK_ENDPOINT_DISABLED",
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

// LOGGED: written to the log under EMAIL_DELIVERY=log-only (or in development without a Resend key), never delivered.
export const EMAIL_STATUSES = ["PENDING", "SENT", "LOGGED", "FAILED"] as const;

/** The orders of the public catalogue (`sort=`); relevance needs a search. */
export const PUBLIC_SORTS = ["relevance", "popular", "rating", "newest", "name"] as const;
export type PublicSort = (typeof PUBLIC_SORTS)[number];
