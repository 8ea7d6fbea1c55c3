import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Enum values live in lib/core/enums.ts so zod schemas, the UI and the database share them.
import {
  APP_CATEGORIES,
  APP_ENVIRONMENTS,
  APP_VISIBILITIES,
  APP_STATUSES,
  API_KEY_SCOPES,
  DEVELOPER_STATUSES,
  EMAIL_STATUSES,
  EMAIL_TYPES,
  MEMBER_ROLES,
  MODERATED_PARTS,
  PROFILE_CHANGE_STATUSES,
  type PublicProfileField,
  REPORT_REASONS,
  APPROVAL_CRITERIA,
  APPROVAL_QUEUES,
  REVISION_STATUSES,
  STAT_SOURCES,
  UNINSTALL_REASONS,
} from "@/lib/core/enums";

import { PUBLIC_SORT_ORDERS } from "./public-sorts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
// postgres.js reads bytea as a Buffer, PGlite as a Uint8Array: a Buffer either way.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const optionalTime = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const developerStatus = pgEnum("developer_status", DEVELOPER_STATUSES);
export const appStatus = pgEnum("app_status", APP_STATUSES);
export const appCategory = pgEnum("app_category", APP_CATEGORIES);
export const appEnvironment = pgEnum("app_environment", APP_ENVIRONMENTS);
export const appVisibility = pgEnum("app_visibility", APP_VISIBILITIES);
export const apiKeyScope = pgEnum("api_key_scope", API_KEY_SCOPES);
export const emailType = pgEnum("email_type", EMAIL_TYPES);
export const emailStatus = pgEnum("email_status", EMAIL_STATUSES);
// The SQL name predates the rename of an administrator's review to an approval.
export const approvalCriterion = pgEnum("review_criterion", APPROVAL_CRITERIA);
export const revisionStatus = pgEnum("revision_status", REVISION_STATUSES);
export const profileChangeStatus = pgEnum("profile_change_status", PROFILE_CHANGE_STATUSES);
export const memberRole = pgEnum("member_role", MEMBER_ROLES);
export const uninstallReason = pgEnum("uninstall_reason", UNINSTALL_REASONS);
export const statSource = pgEnum("stat_source", STAT_SOURCES);

export const developers = pgTable(
  "developers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    yaptureUserId: text("yapture_user_id").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    companyName: text("company_name"),
    websiteUrl: text("website_url"),
    bio: text("bio"),
    status: developerStatus("status").notNull().default("PENDING_VERIFICATION"),
    // Why an administrator rejected or suspended the account; shown to the developer.
    statusReason: text("status_reason"),
    // When a rejected developer last asked for another review; the queue marks them "resubmitted".
    resubmittedAt: optionalTime("resubmitted_at"),
    verifiedAt: optionalTime("verified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("developers_yapture_user_id_key").on(t.yaptureUserId),
    uniqueIndex("developers_email_key").on(sql`lower(${t.email})`),
    index("developers_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

/** A developer's public profile: what app pages, the public API and /developers/{id} show. */
export type PublicProfile = Record<Exclude<PublicProfileField, "name">, string | null> & { name: string };

/**
 * A verified developer's change of their public profile, waiting for (or given) an administrator's
 * decision while the verified values stay public. A pending change is never edited: a newer one
 * replaces it (WITHDRAWN) under a new id, so approving an id approves exactly what was read. At most
 * one PENDING change per developer; decided ones stay as history.
 */
/**
 * The people who run a developer account (a publisher), each with a role and, optionally, limited
 * to some of its apps (`app_ids`; null: every app). Every publisher has at least one OWNER; the
 * account's `yapture_user_id` is its contact owner, whom decisions are emailed to.
 */
export const publisherMembers = pgTable(
  "publisher_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    developerId: uuid("developer_id")
      .notNull()
      .references(() => developers.id, { onDelete: "cascade" }),
    yaptureUserId: text("yapture_user_id").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: memberRole("role").notNull(),
    appIds: uuid("app_ids").array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("publisher_members_developer_person_key").on(t.developerId, t.yaptureUserId),
    index("publisher_members_person_idx").on(t.yaptureUserId, t.createdAt),
  ],
);

/**
 * An invitation to join a publisher, by email, for 7 days; accepted once, by the Yapture account
 * with that verified email. Inviting an existing member as OWNER is how ownership is handed over.
 */
export const publisherInvitations = pgTable(
  "publisher_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    developerId: uuid("developer_id")
      .notNull()
      .references(() => developers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: memberRole("role").notNull(),
    appIds: uuid("app_ids").array(),
    // SHA-256 of the invitation's secret, which only the email carries.
    tokenHash: text("token_hash").notNull(),
    invitedByMemberId: uuid("invited_by_member_id").references(() => publisherMembers.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    acceptedAt: optionalTime("accepted_at"),
    revokedAt: optionalTime("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One open invitation per email and publisher (an expired one is closed when the next is sent).
    uniqueIndex("publisher_invitations_open_key")
      .on(t.developerId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    uniqueIndex("publisher_invitations_token_key").on(t.tokenHash),
    index("publisher_invitations_developer_idx").on(t.developerId, t.createdAt.desc()),
  ],
);

export const developerProfileChanges = pgTable(
  "developer_profile_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    developerId: uuid("developer_id")
      .notNull()
      .references(() => developers.id, { onDelete: "cascade" }),
    status: profileChangeStatus("status").notNull().default("PENDING"),
    // The public profile when the change was asked for (it stays so while the change is pending),
    // and the one asked for.
    previous: jsonb("previous").$type<PublicProfile>().notNull(),
    proposed: jsonb("proposed").$type<PublicProfile>().notNull(),
    // The administrator's reason for a rejection; shown to the developer.
    reason: text("reason"),
    decidedAt: optionalTime("decided_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("developer_profile_changes_pending_key")
      .on(t.developerId)
      .where(sql`${t.status} = 'PENDING'`),
    index("developer_profile_changes_developer_idx").on(t.developerId, t.createdAt.desc(), t.id),
    index("developer_profile_changes_queue_idx").on(t.status, t.createdAt, t.id),
  ],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    developerId: uuid("developer_id")
      .notNull()
      .references(() => developers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // SHA-256 of the full key, hex. The plaintext is never stored.
    keyHash: text("key_hash").notNull(),
    // "mkp_XXXX…YYYY": enough to recognise a key, useless to use it.
    maskedKey: text("masked_key").notNull(),
    scopes: apiKeyScope("scopes").array().notNull(),
    // The key that created this one (null when made with a Yapture token or session). Revoking a
    // key revokes its descendants, and a child never outlives its parent.
    parentKeyId: uuid("parent_key_id").references((): AnyPgColumn => apiKeys.id, { onDelete: "cascade" }),
    // The member who made it (null for keys made before publisher teams, and once that member is
    // gone): keys belong to the publisher and keep working when their maker leaves.
    createdByMemberId: uuid("created_by_member_id").references(() => publisherMembers.id, { onDelete: "set null" }),
    // Who made it, as the key list shows them, kept when the member leaves.
    createdByName: text("created_by_name"),
    // The apps the key may act on (null: every app of the publisher); any other app is "not found".
    appIds: uuid("app_ids").array(),
    // The key that replaced this one by a rotation (this one stops at `expires_at`).
    rotatedToKeyId: uuid("rotated_to_key_id").references((): AnyPgColumn => apiKeys.id, { onDelete: "set null" }),
    // When its publisher was told it expires within 7 days.
    expiryNoticeSentAt: optionalTime("expiry_notice_sent_at"),
    expiresAt: optionalTime("expires_at"),
    revokedAt: optionalTime("revoked_at"),
    lastUsedAt: optionalTime("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash_key").on(t.keyHash),
    index("api_keys_developer_created_idx").on(t.developerId, t.createdAt.desc(), t.id),
    index("api_keys_parent_idx").on(t.parentKeyId),
    index("api_keys_expiry_notice_idx")
      .on(t.expiresAt)
      .where(sql`${t.revokedAt} is null and ${t.expiryNoticeSentAt} is null and ${t.expiresAt} is not null`),
  ],
);

/** One approved update of a live app, newest first in `apps.changelog`. */
export type ChangelogEntry = { version: number; notes: string; publishedAt: string };

export type AppRejection = {
  // `field`: the listing field a reason is about (`description`, `screenshots[1]`), when the reviewer named one.
  reasons: { criterion: (typeof APPROVAL_CRITERIA)[number]; message: string; field?: string }[];
  message: string | null;
  rejectedAt: string;
};

type AppColumns = Record<
  | "id"
  | "public"
  | "name"
  | "category"
  | "environment"
  | "featured"
  | "activeInstallCount"
  | "reviewCount"
  | "averageRating"
  | "publishedAt",
  ExtraConfigColumn
>;

/** For each public sort, an index over all public apps, per category, per environment and over featured apps. */
function publicListIndexes(t: AppColumns) {
  const sorts = Object.entries(PUBLIC_SORT_ORDERS).map(([sort, orderOf]) => [sort, orderOf(t)] as const);

  return sorts.flatMap(([sort, order]) => [
    index(`apps_public_${sort}_idx`)
      .on(...order)
      .where(sql`${t.public}`),
    index(`apps_public_category_${sort}_idx`)
      .on(t.category, ...order)
      .where(sql`${t.public}`),
    index(`apps_public_environment_${sort}_idx`)
      .on(t.environment, ...order)
      .where(sql`${t.public}`),
    index(`apps_public_featured_${sort}_idx`)
      .on(...order)
      .where(sql`${t.public} and ${t.featured}`),
  ]);
}

export const apps = pgTable(
  "apps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    developerId: uuid("developer_id")
      .notNull()
      .references(() => developers.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    longDescription: text("long_description"),
    category: appCategory("category").notNull(),
    environment: appEnvironment("environment").notNull(),
    logoUrl: text("logo_url"),
    bannerUrl: text("banner_url"),
    // The hosted copies (absolute /assets/ URLs) of the logo and banner checked when this version
    // was submitted (lib/assets/hosted/listing-copies.ts): what the public reads show.
    hostedLogoUrl: text("hosted_logo_url"),
    hostedBannerUrl: text("hosted_banner_url"),
    // The long description with each image pointing at its hosted copy; null when it shows none.
    hostedLongDescription: text("hosted_long_description"),
    // When the worker last tried to copy the images of a version submitted before images were
    // hosted (lib/assets/hosted/backfill.ts): its claim, and a failure's retry a day later.
    imageCopyTriedAt: optionalTime("image_copy_tried_at"),
    websiteUrl: text("website_url"),
    oauthClientId: text("oauth_client_id"),
    // The BCP 47 tag of the language the listing is written in (lib/apps/listing-rules.ts), or null:
    // the app page sets it as `lang` on the listing's words.
    language: text("language"),
    status: appStatus("status").notNull().default("DRAFT"),
    // Who sees the listing once approved (docs/visibility.md). The column's default suits rows
    // written directly (fixtures, seeds); the API's create defaults by environment (PRIVATE for
    // localhost and staging). `reviewedVisibility`: the widest an administrator approved (null:
    // never reviewed, as a PRIVATE listing needs no review); widening past it goes through review.
    visibility: appVisibility("visibility").notNull().default("PUBLIC"),
    reviewedVisibility: appVisibility("reviewed_visibility"),
    // APPROVED, visibility PUBLIC and the developer VERIFIED: kept by the database triggers of
    // migrations 0004_public_visibility and 0090 (whatever writes the app's status or visibility or
    // the developer's status), so public lists filter on this column alone, through the partial
    // indexes below.
    public: boolean("public").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    // Counters are maintained by the same statement that writes installs/reviews, so they stay exact.
    // installCount: every install ever (a reinstall counts again); activeInstallCount: those not removed.
    installCount: integer("install_count").notNull().default(0),
    activeInstallCount: integer("active_install_count").notNull().default(0),
    // Counters of the reviews visitors see (not hidden by a moderator), and of those among them
    // written after an install (verified_install): kept exact by every write that changes them, in
    // its transaction, under the app row's lock (lib/reviews/counters.ts).
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    verifiedReviewCount: integer("verified_review_count").notNull().default(0),
    verifiedRatingSum: integer("verified_rating_sum").notNull().default(0),
    averageRating: numeric("average_rating", { precision: 3, scale: 2, mode: "number" }).generatedAlwaysAs(
      (): SQL => sql`case when ${apps.reviewCount} = 0 then null else round(${apps.ratingSum}::numeric / ${apps.reviewCount}, 2) end`,
    ),
    rejection: jsonb("rejection").$type<AppRejection>(),
    // Internal: why an administrator unpublished the app. Never part of a public view.
    unpublishReason: text("unpublish_reason"),
    // 1 until the first approved update; each approved revision adds one and a changelog entry,
    // in the transaction that applies it.
    version: integer("version").notNull().default(1),
    changelog: jsonb("changelog").$type<ChangelogEntry[]>().notNull().default([]),
    // A staged rollout of an approved update (docs/visibility.md, "Staged rollout"): the revision
    // and the version it became, live for testers and for the workspaces whose bucket
    // (lib/apps/rollout-bucket.ts) is below `rolloutPercent` (0: testers only, only increases);
    // everyone else, and every public read, keeps `version`.
    stagedRevisionId: uuid("staged_revision_id").references((): AnyPgColumn => appRevisions.id, { onDelete: "set null" }),
    stagedVersion: integer("staged_version"),
    rolloutPercent: smallint("rollout_percent").notNull().default(0),
    // The screenshots as the public JSON shows them ([{url, caption, order}] in order), kept by the
    // triggers on app_screenshots (migration 0009): looking each app's screenshots up was most of
    // the database's time for a list of 100 apps (docs/benchmarks.md). app_screenshots stays the
    // source; only lib/catalogue/public-json.ts reads this.
    publicScreenshots: json("public_screenshots").notNull().default([]),
    submittedAt: optionalTime("submitted_at"),
    publishedAt: optionalTime("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchDocument: tsvector("search_document").generatedAlwaysAs(
      (): SQL =>
        // Every word of the listing, without positions or weights: the search needs neither, and a
        // weight in a query makes Postgres recheck each match in its (large, compressed) row. The
        // name twice: stemmed (english) for words, and as typed (simple) so that every prefix of a
        // name's word finds it ("summariz" → "Summarizer", which english stems to "summar"); and the
        // name's words once more, marked, for the stems of lib/catalogue/search (migration 0013).
        sql`strip(to_tsvector('english', ${apps.name}) || to_tsvector('simple', ${apps.name}) || to_tsvector('english', ${apps.description}) || to_tsvector('english', coalesce(${apps.longDescription}, ''))) || catalogue_name_marks(${apps.name})`,
    ),
    // The name alone: relevance puts apps whose name holds every word before the rest, and this
    // small column's own index finds them without reading each match's whole document
    // (lib/catalogue/search).
    nameDocument: tsvector("name_document").generatedAlwaysAs(
      (): SQL => sql`setweight(to_tsvector('english', ${apps.name}), 'A') || setweight(to_tsvector('simple', ${apps.name}), 'A')`,
    ),
  },
  (t) => [
    uniqueIndex("apps_slug_key").on(t.slug),
    index("apps_developer_created_idx").on(t.developerId, t.createdAt.desc(), t.id),
    // Public listings: one partial index per sort, alone and behind each filter, in exactly the
    // ORDER BY of lib/catalogue/sorts.ts, so a page is an index range scan whatever the offset.
    ...publicListIndexes(t),
    index("apps_public_search_idx")
      .using("gin", t.searchDocument)
      .where(sql`${t.public}`),
    index("apps_public_name_search_idx")
      .using("gin", t.nameDocument)
      .where(sql`${t.public}`),
    // Typo-tolerant name matching (pg_trgm word similarity: "slak" finds "Slack Sync").
    index("apps_public_name_trgm_idx")
      .using("gin", sql`lower(${t.name}) gin_trgm_ops`)
      .where(sql`${t.public}`),
    // Exact-name matches: the name as a search compares it, punctuation and case aside (migration 0054).
    index("apps_public_name_key_idx")
      .on(sql`catalogue_name_key(${t.name})`)
      .where(sql`${t.public}`),
    index("apps_review_queue_idx").on(t.status, t.submittedAt, t.id),
    check("apps_counters_non_negative", sql`${t.installCount} >= 0 and ${t.reviewCount} >= 0 and ${t.ratingSum} >= 0`),
    check(
      "apps_rollout_staged",
      sql`(${t.stagedRevisionId} is null) = (${t.stagedVersion} is null) and ${t.rolloutPercent} between 0 and 99 and (${t.stagedVersion} is not null or ${t.rolloutPercent} = 0)`,
    ),
  ],
);

/**
 * One row: a number that grows whenever the set of public apps, or what a search matches in one,
 * changes (an app made public or hidden, its name, descriptions, category, environment or
 * featuring edited while public). Kept by the triggers of migration 0011; a search's total
 * remembered under one version is still right while the version stands (lib/catalogue/search).
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    single: boolean("single").primaryKey().default(true),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalogue_version_single", sql`${t.single}`)],
);

/**
 * How many public apps each (category, environment, featured) cell holds, so every filtered list's
 * `total` and the categories list are a sum over at most 60 rows. Kept exact by the triggers of
 * migration 0004_public_visibility in the transactions that change visibility, category,
 * environment or featured; all 60 cells exist from the migration on.
 */
export const publicAppCounts = pgTable(
  "public_app_counts",
  {
    category: appCategory("category").notNull(),
    environment: appEnvironment("environment").notNull(),
    featured: boolean("featured").notNull(),
    apps: integer("apps").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.environment, t.featured] }), check("public_app_counts_non_negative", sql`${t.apps} >= 0`)],
);

export const appScreenshots = pgTable(
  "app_screenshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    // The hosted copy checked at submit (absolute /assets/ URL): what the public reads show.
    hostedUrl: text("hosted_url"),
    caption: text("caption"),
    position: smallint("position").notNull(),
  },
  (t) => [uniqueIndex("app_screenshots_app_position_key").on(t.appId, t.position)],
);

/**
 * The next version of an APPROVED or UNPUBLISHED app, edited and reviewed while the live listing
 * stays as it is. An app has at most one open (not APPROVED) revision; approved ones stay as history.
 */
export const appRevisions = pgTable(
  "app_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    status: revisionStatus("status").notNull().default("DRAFT"),
    // The live version this revision was prepared from, and the version it became once approved.
    baseVersion: integer("base_version").notNull(),
    version: integer("version"),
    name: text("name").notNull(),
    description: text("description").notNull(),
    longDescription: text("long_description"),
    category: appCategory("category").notNull(),
    logoUrl: text("logo_url"),
    bannerUrl: text("banner_url"),
    websiteUrl: text("website_url"),
    oauthClientId: text("oauth_client_id"),
    language: text("language"),
    // Copied into app_screenshots when the revision is approved; until then they are the revision's own.
    screenshots: jsonb("screenshots").$type<{ url: string; caption: string | null; position: number }[]>().notNull(),
    // As apps.image_copy_tried_at, for an update submitted before images were hosted.
    imageCopyTriedAt: optionalTime("image_copy_tried_at"),
    notes: text("notes"),
    rejection: jsonb("rejection").$type<AppRejection>(),
    submittedAt: optionalTime("submitted_at"),
    approvedAt: optionalTime("approved_at"),
    // The publisher asked for a staged rollout: once approved, the update goes to testers first.
    staged: boolean("staged").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("app_revisions_open_key")
      .on(t.appId)
      .where(sql`${t.status} <> 'APPROVED'`),
    index("app_revisions_queue_idx").on(t.status, t.submittedAt, t.id),
  ],
);

/**
 * Who may see and install a PRIVATE listing besides the publisher's members: a Yapture workspace
 * (its members see it; installs into it) or a person by their verified email. At most 100 per app
 * (lib/apps/testers.ts, under the app row's lock). `installedAt`: the tester's latest install,
 * stamped by the install's own statement (lib/installs/service.ts).
 */
export const appTesters = pgTable(
  "app_testers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id"),
    // Lower case, as compared with a Yapture identity's verified email.
    email: text("email"),
    createdAt: createdAt(),
    installedAt: optionalTime("installed_at"),
    installedWorkspaceId: text("installed_workspace_id"),
  },
  (t) => [
    uniqueIndex("app_testers_app_workspace_key").on(t.appId, t.workspaceId),
    uniqueIndex("app_testers_app_email_key").on(t.appId, t.email),
    check("app_testers_one_kind", sql`num_nonnulls(${t.workspaceId}, ${t.email}) = 1`),
  ],
);
export type AppTester = typeof appTesters.$inferSelect;

export const installs = pgTable(
  "installs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    // The Yapture workspace that installed the app; a workspace counts once per app.
    workspaceId: text("workspace_id"),
    // The Yapture user who installed it into that workspace: their reviews are verified installs.
    installedBy: text("installed_by"),
    // Anonymous installs (no workspace): a keyed hash of the client address (never the address) and
    // the UTC day; one client counts at most once per app and day.
    clientKey: text("client_key"),
    day: date("day", { mode: "string" }),
    createdAt: createdAt(),
    // Where the install was made from (the page the installer came through); its removal counts there too.
    source: statSource("source").notNull().default("other"),
    // A workspace's install ends when one of its members removes the app; reinstalling adds a row.
    removedAt: optionalTime("removed_at"),
    removedBy: text("removed_by"),
    removalReason: uninstallReason("removal_reason"),
    removalComment: text("removal_comment"),
  },
  (t) => [
    // One live install per workspace and app; removed ones stay for the figures.
    uniqueIndex("installs_app_workspace_live_key")
      .on(t.appId, t.workspaceId)
      .where(sql`${t.workspaceId} is not null and ${t.removedAt} is null`),
    index("installs_workspace_live_idx")
      .on(t.workspaceId)
      .where(sql`${t.workspaceId} is not null and ${t.removedAt} is null`),
    index("installs_app_removed_idx")
      .on(t.appId, t.removedAt)
      .where(sql`${t.removedAt} is not null`),
    uniqueIndex("installs_app_client_day_key")
      .on(t.appId, t.clientKey, t.day)
      .where(sql`${t.workspaceId} is null`),
    index("installs_app_created_idx").on(t.appId, t.createdAt),
    // "Installed together" (lib/catalogue/related.ts): an app's latest live workspace installs, newest first.
    index("installs_app_live_workspace_recent_idx")
      .on(t.appId, t.createdAt.desc())
      .where(sql`${t.workspaceId} is not null and ${t.removedAt} is null`),
    index("installs_app_installed_by_idx")
      .on(t.appId, t.installedBy)
      .where(sql`${t.installedBy} is not null`),
  ],
);

/**
 * An app's figures per UTC day and source (docs/analytics.md): impressions and page views counted
 * in each process and added here in batches; installs and uninstalls added by the statement that
 * makes them, so they are exact. Kept at least two years.
 */
export const appDailyStats = pgTable(
  "app_daily_stats",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    source: statSource("source").notNull(),
    impressions: bigint("impressions", { mode: "number" }).notNull().default(0),
    pageViews: bigint("page_views", { mode: "number" }).notNull().default(0),
    installs: integer("installs").notNull().default(0),
    uninstalls: integer("uninstalls").notNull().default(0),
  },
  // Migration 0043 adds INCLUDE (the four figures) to this key, for index-only series reads.
  (t) => [primaryKey({ columns: [t.appId, t.day, t.source] })],
);

/** Page views per app, day and `utm_source` (at most 50 sources an app and day). */
export const appDailyUtm = pgTable(
  "app_daily_utm",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    utmSource: text("utm_source").notNull(),
    pageViews: bigint("page_views", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.utmSource] })],
);

/**
 * The marketplace searches that led to an app's page views and installs, one row per app, day,
 * term and client (a keyed hash, new each day: never an address); a term is shown to the
 * publisher only once at least five clients searched it.
 */
export const appSearchTerms = pgTable(
  "app_search_terms",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    term: text("term").notNull(),
    client: text("client").notNull(),
    pageViews: integer("page_views").notNull().default(0),
    installs: integer("installs").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.term, t.client] })],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    yaptureUserId: text("yapture_user_id").notNull(),
    authorName: text("author_name").notNull(),
    rating: smallint("rating").notNull(),
    title: text("title"),
    body: text("body"),
    // The reviewer had installed the app into one of their workspaces when they last wrote it.
    verifiedInstall: boolean("verified_install").notNull().default(false),
    // Where the reviewer is told of the publisher's reply; never shown.
    reviewerEmail: text("reviewer_email"),
    // When the reviewer was emailed the publisher's reply: once per review, so a reply deleted and
    // posted again emails nobody.
    replyNotifiedAt: optionalTime("reply_notified_at"),
    // Hidden by a moderator, with the reason its author is shown; out of every public read and counter.
    hiddenAt: optionalTime("hidden_at"),
    hiddenReason: text("hidden_reason"),
    // Reports not yet acted on (of the review and of its reply), and when the oldest of them came:
    // the moderation queue's order.
    openReports: integer("open_reports").notNull().default(0),
    oldestOpenReportAt: optionalTime("oldest_open_report_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_app_user_key").on(t.appId, t.yaptureUserId),
    index("reviews_app_updated_idx").on(t.appId, t.updatedAt.desc(), t.id),
    index("reviews_reported_idx")
      .on(t.openReports.desc(), t.oldestOpenReportAt, t.id)
      .where(sql`${t.openReports} > 0`),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** The publisher's one public reply to a customer review. */
export const reviewReplies = pgTable("review_replies", {
  reviewId: uuid("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  developerId: uuid("developer_id")
    .notNull()
    .references(() => developers.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  hiddenAt: optionalTime("hidden_at"),
  hiddenReason: text("hidden_reason"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A signed-in person's report of a review or of its reply: once each, never hiding anything by itself. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    part: text("part", { enum: MODERATED_PARTS }).notNull(),
    reporterId: text("reporter_id").notNull(),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    createdAt: createdAt(),
    // Set when a moderator hid, restored or dismissed: the report is no longer open.
    closedAt: optionalTime("closed_at"),
  },
  (t) => [
    uniqueIndex("review_reports_once_key").on(t.reviewId, t.part, t.reporterId),
    index("review_reports_open_idx")
      .on(t.reviewId)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** Counters of the rate limiter (rate-limiter-flexible's Drizzle store), shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

/**
 * Portal sessions on record (lib/sessions/records.ts). The session token (next-auth's encrypted JWT)
 * carries a random id; a row holds its SHA-256, so the table alone cannot be turned into tokens. A
 * token counts only while its row exists: signing out deletes it, a developer's suspension deletes
 * all of that person's, and so can an operator. `expires_at` is the 7 days after sign-in.
 */
export const portalSessions = pgTable(
  "portal_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    yaptureUserId: text("yapture_user_id").notNull(),
    signedInAt: timestamp("signed_in_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("portal_sessions_user_idx").on(t.yaptureUserId), index("portal_sessions_expires_idx").on(t.expiresAt)],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: emailType("type").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: emailStatus("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
    sentAt: optionalTime("sent_at"),
  },
  (t) => [index("email_outbox_due_idx").on(t.status, t.nextAttemptAt), index("email_outbox_created_idx").on(t.createdAt.desc(), t.id)],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The person who acted (an administrator or a member); null when an API key acted.
    actorYaptureUserId: text("actor_yapture_user_id"),
    actorEmail: text("actor_email"),
    // Who acted, as the publisher's own audit log names them: an administrator, a member, an API key.
    actorKind: text("actor_kind").notNull().default("administrator"),
    actorName: text("actor_name"),
    // The publisher the event belongs to, for its owners' audit log (null: the marketplace's own).
    developerId: uuid("developer_id").references(() => developers.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_created_idx").on(t.createdAt.desc(), t.id),
    index("audit_events_target_idx").on(t.targetType, t.targetId, t.createdAt.desc()),
    index("audit_events_developer_idx").on(t.developerId, t.createdAt.desc(), t.id),
    // The decisions of the last 30 days, for the review queues' measured turnaround (lib/approval-queue).
    index("audit_events_action_idx").on(t.action, t.createdAt),
  ],
);

/**
 * What happened to a publisher's account and apps (docs/webhooks.md), written in the transaction of
 * the change it reports, so a change that rolls back leaves none. `position` orders the feed and the
 * deliveries: given after commit by the sequencer (lib/events/sequencer.ts), one at a time, so a
 * reader that has seen a position never later finds a smaller one. `data` is built from the API's
 * views: never a customer's email or Yapture id.
 */
export const developerEventPositions = pgSequence("developer_event_positions");

export const developerEvents = pgTable(
  "developer_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    developerId: uuid("developer_id")
      .notNull()
      .references(() => developers.id, { onDelete: "cascade" }),
    // The app the event is about (null: the account itself); kept when the app is deleted.
    appId: uuid("app_id"),
    type: text("type").notNull(),
    apiVersion: text("api_version").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    // When it was written (clock_timestamp(), not the transaction's start): the order of the changes
    // of one app, which lock the app's row, and the order the sequencer takes them in.
    createdAt: createdAt(),
    position: bigint("position", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("developer_events_position_key").on(t.position),
    index("developer_events_unsequenced_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.position} is null`),
    index("developer_events_developer_position_idx").on(t.developerId, t.position),
    index("developer_events_created_idx").on(t.createdAt),
  ],
);

/**
 * A publisher's webhook endpoint (docs/webhooks.md): where its events are pushed, signed with
 * `secret` (and, for 24 hours after a rotation, also with `previous_secret`). The secrets are kept
 * as given, since signing needs them. `disabled_reason`: why the marketplace turned it off
 * (`gone`: it answered 410; `failing`: every delivery failed for the whole retry schedule).
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    developerId: uuid("developer_id")
      .notNull()
      .references(() => developers.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description"),
    // The event types it receives; null: every type.
    eventTypes: text("event_types").array(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason", { enum: ["gone", "failing"] }),
    disabledAt: optionalTime("disabled_at"),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: optionalTime("previous_secret_expires_at"),
    // Since when every delivery has failed (null once one succeeds): the administrators' count of failing endpoints.
    failingSince: optionalTime("failing_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_endpoints_developer_idx").on(t.developerId, t.createdAt, t.id),
    index("webhook_endpoints_failing_idx")
      .on(t.failingSince)
      .where(sql`${t.failingSince} is not null`),
  ],
);

/**
 * One event to push to one endpoint (docs/webhooks.md), made by the sequencer in the transaction
 * that gives the event its position, or by a redelivery or a test. The worker claims due rows with
 * SKIP LOCKED, one in flight per endpoint (`leased_until`), in position order per app; `attempts`
 * counts the tries and is the claim's token for the update that settles it.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => developerEvents.id, { onDelete: "cascade" }),
    appId: uuid("app_id"),
    position: bigint("position", { mode: "number" }).notNull(),
    status: text("status", { enum: ["PENDING", "DELIVERED", "FAILED"] })
      .notNull()
      .default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    leasedUntil: optionalTime("leased_until"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    deliveredAt: optionalTime("delivered_at"),
  },
  (t) => [
    index("webhook_deliveries_due_idx")
      .on(t.endpointId, t.position)
      .where(sql`${t.status} = 'PENDING'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt.desc()),
    index("webhook_deliveries_event_idx").on(t.eventId),
  ],
);

/** Each try of a delivery, as the delivery log shows it: when, the answer's status, how long, the start of its body, the next retry. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    responseExcerpt: text("response_excerpt"),
    nextRetryAt: optionalTime("next_retry_at"),
  },
  (t) => [index("webhook_attempts_endpoint_idx").on(t.endpointId, t.attemptedAt.desc(), t.id)],
);

/**
 * An administrator's claim on an item waiting for a decision (a listing, an update, a profile
 * change): advisory, shown to the other administrators and, as "picked up", to its developer. It
 * holds while the item still waits since `waiting_since` (a decision or a withdrawal releases it, a
 * resubmission starts afresh) and until `expires_at`. One row per item: the primary key settles two
 * administrators claiming at once (lib/approval-queue/claims.ts).
 */
export const approvalClaims = pgTable(
  "approval_claims",
  {
    queue: text("queue", { enum: APPROVAL_QUEUES }).notNull(),
    itemId: uuid("item_id").notNull(),
    waitingSince: timestamp("waiting_since", { withTimezone: true, mode: "date" }).notNull(),
    adminYaptureUserId: text("admin_yapture_user_id").notNull(),
    adminEmail: text("admin_email").notNull(),
    adminName: text("admin_name"),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.itemId] })],
);

/**
 * Listing images the marketplace hosts (lib/assets/hosted): each checked image once, named by the
 * SHA-256 of its bytes as downloaded, whatever listing or version uses it.
 */
export const hostedAssets = pgTable(
  "hosted_assets",
  {
    hash: text("hash").primaryKey(),
    format: text("format", { enum: ["png", "jpeg"] }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
    // Refreshed each time the image is stored again: housekeeping spares what a submit just stored.
    storedAt: timestamp("stored_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [check("hosted_assets_hash_is_sha256", sql`${t.hash} ~ '^[0-9a-f]{64}$'`)],
);

/** The files served for a hosted image: the original bytes, and the sized WebP variants made once when it was stored. */
export const hostedAssetFiles = pgTable(
  "hosted_asset_files",
  {
    hash: text("hash")
      .notNull()
      .references(() => hostedAssets.hash, { onDelete: "cascade" }),
    variant: text("variant").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.variant] })],
);

/**
 * Which hosted copy each image of a listing version is (`subject_type` 'app': the listing's own
 * fields; 'revision': an update's), written in the transaction that submits the version, from the
 * images copied and checked just before (lib/assets/hosted/listing-copies.ts).
 */
export const listingImageCopies = pgTable(
  "listing_image_copies",
  {
    subjectType: text("subject_type", { enum: ["app", "revision"] }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    field: text("field").notNull(),
    sourceUrl: text("source_url").notNull(),
    hash: text("hash")
      .notNull()
      .references(() => hostedAssets.hash),
    copiedAt: timestamp("copied_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectType, t.subjectId, t.field] }),
    index("listing_image_copies_hash_idx").on(t.hash),
    check("listing_image_copies_subject_type", sql`${t.subjectType} in ('app', 'revision')`),
  ],
);

/**
 * Every version of a listing that went live (an approval, an approved update, a test build's submit
 * or update, a restore), as it went live: its listing columns and screenshots (`fields`) and, in
 * app_version_images, the hosted copies it showed. A publisher restores an earlier one
 * (lib/apps/versions.ts); versions live before migration 0091 were not recorded.
 */
export const appVersions = pgTable(
  "app_versions",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    fields: jsonb("fields")
      .$type<Record<string, unknown> & { screenshots: { url: string; caption: string | null; position: number }[] }>()
      .notNull(),
    // The version this one restored (its changelog says so); null for a reviewed or test build's version.
    restoredFrom: integer("restored_from"),
    liveAt: timestamp("live_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    // A staged version that was rolled back before it reached everyone (it was live for some).
    rolledBackAt: timestamp("rolled_back_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.appId, t.version] })],
);

/** The hosted copies a recorded version showed: they keep their images from housekeeping. */
export const appVersionImages = pgTable(
  "app_version_images",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    field: text("field").notNull(),
    sourceUrl: text("source_url").notNull(),
    hash: text("hash")
      .notNull()
      .references(() => hostedAssets.hash),
  },
  (t) => [primaryKey({ columns: [t.appId, t.version, t.field] }), index("app_version_images_hash_idx").on(t.hash)],
);

export type Developer = typeof developers.$inferSelect;
export type PublisherMember = typeof publisherMembers.$inferSelect;
export type PublisherInvitation = typeof publisherInvitations.$inferSelect;
export type DeveloperProfileChange = typeof developerProfileChanges.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type App = typeof apps.$inferSelect;
export type AppScreenshot = typeof appScreenshots.$inferSelect;
export type AppRevision = typeof appRevisions.$inferSelect;
export type Install = typeof installs.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type ReviewReply = typeof reviewReplies.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
export type DeveloperEvent = typeof developerEvents.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
export type ApprovalClaim = typeof approvalClaims.$inferSelect;
export type HostedAssetFile = typeof hostedAssetFiles.$inferSelect;
