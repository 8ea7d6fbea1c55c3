CREATE TYPE "public"."api_key_scope" AS ENUM('APP_CREATE', 'APP_READ', 'APP_UPDATE', 'APP_DELETE', 'ANALYTICS_READ');--> statement-breakpoint
CREATE TYPE "public"."app_category" AS ENUM('PRODUCTIVITY', 'UTILITIES', 'BUSINESS', 'DEVELOPER_TOOLS', 'COMMUNICATION', 'ANALYTICS', 'AI_ML', 'FINANCE', 'EDUCATION', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."app_environment" AS ENUM('localhost', 'staging', 'production');--> statement-breakpoint
CREATE TYPE "public"."app_status" AS ENUM('DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'UNPUBLISHED');--> statement-breakpoint
CREATE TYPE "public"."developer_status" AS ENUM('PENDING_VERIFICATION', 'VERIFIED', 'REJECTED', 'SUSPENDED');--> statement-breakpoint
CREATE TYPE "public"."email_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."email_type" AS ENUM('DEVELOPER_VERIFIED', 'DEVELOPER_REJECTED', 'APP_APPROVED', 'APP_REJECTED');--> statement-breakpoint
CREATE TYPE "public"."review_criterion" AS ENUM('FUNCTIONALITY', 'QUALITY', 'SECURITY', 'TERMS_COMPLIANCE', 'USER_EXPERIENCE');--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"masked_key" text NOT NULL,
	"scopes" "api_key_scope"[] NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_screenshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"url" text NOT NULL,
	"caption" text,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"long_description" text,
	"category" "app_category" NOT NULL,
	"environment" "app_environment" NOT NULL,
	"logo_url" text,
	"banner_url" text,
	"website_url" text,
	"oauth_client_id" text,
	"status" "app_status" DEFAULT 'DRAFT' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"install_count" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"average_rating" numeric(3, 2) GENERATED ALWAYS AS (case when "apps"."review_count" = 0 then null else round("apps"."rating_sum"::numeric / "apps"."review_count", 2) end) STORED,
	"rejection" jsonb,
	"unpublish_reason" text,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "apps"."name"), 'A') || setweight(to_tsvector('english', "apps"."description"), 'B') || setweight(to_tsvector('english', coalesce("apps"."long_description", '')), 'C')) STORED,
	CONSTRAINT "apps_counters_non_negative" CHECK ("apps"."install_count" >= 0 and "apps"."review_count" >= 0 and "apps"."rating_sum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_yapture_user_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "developers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"yapture_user_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text,
	"website_url" text,
	"bio" text,
	"status" "developer_status" DEFAULT 'PENDING_VERIFICATION' NOT NULL,
	"status_reason" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "email_type" NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" "email_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "installs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"workspace_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"yapture_user_id" text NOT NULL,
	"author_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_developer_id_developers_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."developers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_screenshots" ADD CONSTRAINT "app_screenshots_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_developer_id_developers_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."developers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installs" ADD CONSTRAINT "installs_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_developer_created_idx" ON "api_keys" USING btree ("developer_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_screenshots_app_position_key" ON "app_screenshots" USING btree ("app_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_slug_key" ON "apps" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "apps_developer_created_idx" ON "apps" USING btree ("developer_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "apps_search_idx" ON "apps" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "apps_public_popular_idx" ON "apps" USING btree ("status","install_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "apps_public_newest_idx" ON "apps" USING btree ("status","published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "apps_public_name_idx" ON "apps" USING btree ("status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "apps_public_rating_idx" ON "apps" USING btree ("status","average_rating" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "apps_public_category_idx" ON "apps" USING btree ("status","category","install_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "apps_public_environment_idx" ON "apps" USING btree ("status","environment","install_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "apps_public_featured_idx" ON "apps" USING btree ("status","featured","install_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "apps_review_queue_idx" ON "apps" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "developers_yapture_user_id_key" ON "developers" USING btree ("yapture_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "developers_email_key" ON "developers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "developers_status_created_idx" ON "developers" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "installs_app_workspace_key" ON "installs" USING btree ("app_id","workspace_id") WHERE "installs"."workspace_id" is not null;--> statement-breakpoint
CREATE INDEX "installs_app_created_idx" ON "installs" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_app_user_key" ON "reviews" USING btree ("app_id","yapture_user_id");--> statement-breakpoint
CREATE INDEX "reviews_app_updated_idx" ON "reviews" USING btree ("app_id","updated_at" DESC NULLS LAST,"id");