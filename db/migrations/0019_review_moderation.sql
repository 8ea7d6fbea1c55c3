ALTER TYPE "public"."email_type" ADD VALUE 'REVIEW_REPLIED';--> statement-breakpoint
CREATE TABLE "review_replies" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"developer_id" uuid NOT NULL,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"part" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "verified_review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "verified_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "installed_by" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified_install" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reviewer_email" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "open_reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "oldest_open_report_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_developer_id_developers_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."developers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_once_key" ON "review_reports" USING btree ("review_id","part","reporter_id");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("review_id") WHERE "review_reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "installs_app_installed_by_idx" ON "installs" USING btree ("app_id","installed_by") WHERE "installs"."installed_by" is not null;--> statement-breakpoint
CREATE INDEX "reviews_reported_idx" ON "reviews" USING btree ("open_reports" DESC NULLS LAST,"oldest_open_report_at","id") WHERE "reviews"."open_reports" > 0;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_part_check" CHECK ("part" in ('review', 'reply'));--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reason_check" CHECK ("reason" in ('SPAM', 'OFFENSIVE', 'OFF_TOPIC', 'CONFLICT_OF_INTEREST', 'OTHER'));
