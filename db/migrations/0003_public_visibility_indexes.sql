CREATE TABLE "public_app_counts" (
	"category" "app_category" NOT NULL,
	"environment" "app_environment" NOT NULL,
	"featured" boolean NOT NULL,
	"apps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "public_app_counts_category_environment_featured_pk" PRIMARY KEY("category","environment","featured"),
	CONSTRAINT "public_app_counts_non_negative" CHECK ("public_app_counts"."apps" >= 0)
);
--> statement-breakpoint
DROP INDEX "apps_search_idx";--> statement-breakpoint
DROP INDEX "apps_public_category_idx";--> statement-breakpoint
DROP INDEX "apps_public_environment_idx";--> statement-breakpoint
DROP INDEX "apps_public_featured_idx";--> statement-breakpoint
DROP INDEX "apps_public_popular_idx";--> statement-breakpoint
DROP INDEX "apps_public_newest_idx";--> statement-breakpoint
DROP INDEX "apps_public_name_idx";--> statement-breakpoint
DROP INDEX "apps_public_rating_idx";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "apps_public_category_popular_idx" ON "apps" USING btree ("category","install_count" desc nulls first,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_environment_popular_idx" ON "apps" USING btree ("environment","install_count" desc nulls first,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_featured_popular_idx" ON "apps" USING btree ("install_count" desc nulls first,"id") WHERE "apps"."public" and "apps"."featured";--> statement-breakpoint
CREATE INDEX "apps_public_category_rating_idx" ON "apps" USING btree ("category","average_rating" desc nulls last,"review_count" desc nulls first,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_environment_rating_idx" ON "apps" USING btree ("environment","average_rating" desc nulls last,"review_count" desc nulls first,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_featured_rating_idx" ON "apps" USING btree ("average_rating" desc nulls last,"review_count" desc nulls first,"id") WHERE "apps"."public" and "apps"."featured";--> statement-breakpoint
CREATE INDEX "apps_public_category_newest_idx" ON "apps" USING btree ("category","published_at" desc nulls last,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_environment_newest_idx" ON "apps" USING btree ("environment","published_at" desc nulls last,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_featured_newest_idx" ON "apps" USING btree ("published_at" desc nulls last,"id") WHERE "apps"."public" and "apps"."featured";--> statement-breakpoint
CREATE INDEX "apps_public_category_name_idx" ON "apps" USING btree ("category",lower("name"),"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_environment_name_idx" ON "apps" USING btree ("environment",lower("name"),"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_featured_name_idx" ON "apps" USING btree (lower("name"),"id") WHERE "apps"."public" and "apps"."featured";--> statement-breakpoint
CREATE INDEX "apps_public_search_idx" ON "apps" USING gin ("search_document") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_popular_idx" ON "apps" USING btree ("install_count" desc nulls first,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_newest_idx" ON "apps" USING btree ("published_at" desc nulls last,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_name_idx" ON "apps" USING btree (lower("name"),"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_rating_idx" ON "apps" USING btree ("average_rating" desc nulls last,"review_count" desc nulls first,"id") WHERE "apps"."public";