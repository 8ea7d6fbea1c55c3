CREATE TYPE "public"."revision_status" AS ENUM('DRAFT', 'PENDING', 'REJECTED', 'APPROVED');--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'APP_UPDATE_APPROVED';--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'APP_UPDATE_REJECTED';--> statement-breakpoint
CREATE TABLE "app_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"status" "revision_status" DEFAULT 'DRAFT' NOT NULL,
	"base_version" integer NOT NULL,
	"version" integer,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"long_description" text,
	"category" "app_category" NOT NULL,
	"logo_url" text,
	"banner_url" text,
	"website_url" text,
	"oauth_client_id" text,
	"screenshots" jsonb NOT NULL,
	"notes" text,
	"rejection" jsonb,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "changelog" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app_revisions" ADD CONSTRAINT "app_revisions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_revisions_open_key" ON "app_revisions" USING btree ("app_id") WHERE "app_revisions"."status" <> 'APPROVED';--> statement-breakpoint
CREATE INDEX "app_revisions_queue_idx" ON "app_revisions" USING btree ("status","submitted_at","id");