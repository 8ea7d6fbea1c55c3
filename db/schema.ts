import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// Enum values live in lib/domain/enums.ts so zod schemas, the UI and the database share them.
import {
  APP_CATEGORIES,
  APP_ENVIRONMENTS,
  APP_STATUSES,
  API_KEY_SCOPES,
  DEVELOPER_STATUSES,
  EMAIL_STATUSES,
  EMAIL_TYPES,
  REVIEW_CRITERIA,
} from "@/lib/domain/enums";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const optionalTime = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const developerStatus = pgEnum("developer_status", DEVELOPER_STATUSES);
export const appStatus = pgEnum("app_status", APP_STATUSES);
export const appCategory = pgEnum("app_category", APP_CATEGORIES);
export const appEnvironment = pgEnum("app_environment", APP_ENVIRONMENTS);
export const apiKeyScope = pgEnum("api_key_scope", API_KEY_SCOPES);
export const emailType = pgEnum("email_type", EMAIL_TYPES);
export const emailStatus = pgEnum("email_status", EMAIL_STATUSES);
export const reviewCriterion = pgEnum("review_criterion", REVIEW_CRITERIA);

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
    expiresAt: optionalTime("expires_at"),
    revokedAt: optionalTime("revoked_at"),
    lastUsedAt: optionalTime("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash_key").on(t.keyHash),
    index("api_keys_developer_created_idx").on(t.developerId, t.createdAt.desc(), t.id),
    index("api_keys_parent_idx").on(t.parentKeyId),
  ],
);

export type AppRejection = {
  reasons: { criterion: (typeof REVIEW_CRITERIA)[number]; message: string }[];
  message: string | null;
  rejectedAt: string;
};

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
    websiteUrl: text("website_url"),
    oauthClientId: text("oauth_client_id"),
    status: appStatus("status").notNull().default("DRAFT"),
    featured: boolean("featured").notNull().default(false),
    // Counters are maintained by the same statement that writes installs/reviews, so they stay exact.
    installCount: integer("install_count").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    averageRating: numeric("average_rating", { precision: 3, scale: 2, mode: "number" }).generatedAlwaysAs(
      (): SQL =>
        sql`case when ${apps.reviewCount} = 0 then null else round(${apps.ratingSum}::numeric / ${apps.reviewCount}, 2) end`,
    ),
    rejection: jsonb("rejection").$type<AppRejection>(),
    // Internal: why an administrator unpublished the app. Never part of a public view.
    unpublishReason: text("unpublish_reason"),
    submittedAt: optionalTime("submitted_at"),
    publishedAt: optionalTime("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchDocument: tsvector("search_document").generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', ${apps.name}), 'A') || setweight(to_tsvector('english', ${apps.description}), 'B') || setweight(to_tsvector('english', coalesce(${apps.longDescription}, '')), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("apps_slug_key").on(t.slug),
    index("apps_developer_created_idx").on(t.developerId, t.createdAt.desc(), t.id),
    index("apps_search_idx").using("gin", t.searchDocument),
    // Public listing: filters on status (always APPROVED) + category/environment/featured, sort keys with id as tiebreak.
    index("apps_public_popular_idx").on(t.status, t.installCount.desc(), t.id),
    index("apps_public_newest_idx").on(t.status, t.publishedAt.desc(), t.id),
    index("apps_public_name_idx").on(t.status, sql`lower(${t.name})`, t.id),
    index("apps_public_rating_idx").on(t.status, t.averageRating.desc().nullsLast(), t.id),
    index("apps_public_category_idx").on(t.status, t.category, t.installCount.desc(), t.id),
    index("apps_public_environment_idx").on(t.status, t.environment, t.installCount.desc(), t.id),
    index("apps_public_featured_idx").on(t.status, t.featured, t.installCount.desc(), t.id),
    index("apps_review_queue_idx").on(t.status, t.submittedAt, t.id),
    check("apps_counters_non_negative", sql`${t.installCount} >= 0 and ${t.reviewCount} >= 0 and ${t.ratingSum} >= 0`),
  ],
);

export const appScreenshots = pgTable(
  "app_screenshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    caption: text("caption"),
    position: smallint("position").notNull(),
  },
  (t) => [uniqueIndex("app_screenshots_app_position_key").on(t.appId, t.position)],
);

export const installs = pgTable(
  "installs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    // The Yapture workspace that installed the app; anonymous installs have none and each counts.
    workspaceId: text("workspace_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("installs_app_workspace_key")
      .on(t.appId, t.workspaceId)
      .where(sql`${t.workspaceId} is not null`),
    index("installs_app_created_idx").on(t.appId, t.createdAt),
  ],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_app_user_key").on(t.appId, t.yaptureUserId),
    index("reviews_app_updated_idx").on(t.appId, t.updatedAt.desc(), t.id),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
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
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt.desc(), t.id),
  ],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorYaptureUserId: text("actor_yapture_user_id").notNull(),
    actorEmail: text("actor_email").notNull(),
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
  ],
);

export type Developer = typeof developers.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type App = typeof apps.$inferSelect;
export type AppScreenshot = typeof appScreenshots.$inferSelect;
export type Install = typeof installs.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type OutboxEmail = typeof emailOutbox.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
