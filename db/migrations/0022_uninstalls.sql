CREATE TYPE "public"."uninstall_reason" AS ENUM('NOT_USEFUL', 'MISSING_FEATURE', 'BUGS', 'PERFORMANCE', 'PRIVACY', 'TEMPORARY', 'SWITCHED', 'OTHER');--> statement-breakpoint
DROP INDEX "installs_app_workspace_key";--> statement-breakpoint
DROP INDEX "apps_public_popular_idx";--> statement-breakpoint
DROP INDEX "apps_public_category_popular_idx";--> statement-breakpoint
DROP INDEX "apps_public_environment_popular_idx";--> statement-breakpoint
DROP INDEX "apps_public_featured_popular_idx";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "active_install_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "removed_by" text;--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "removal_reason" "uninstall_reason";--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "removal_comment" text;--> statement-breakpoint
CREATE UNIQUE INDEX "installs_app_workspace_live_key" ON "installs" USING btree ("app_id","workspace_id") WHERE "installs"."workspace_id" is not null and "installs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "installs_workspace_live_idx" ON "installs" USING btree ("workspace_id") WHERE "installs"."workspace_id" is not null and "installs"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "installs_app_removed_idx" ON "installs" USING btree ("app_id","removed_at") WHERE "installs"."removed_at" is not null;--> statement-breakpoint
CREATE INDEX "apps_public_popular_idx" ON "apps" USING btree ("active_install_count" desc nulls first,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_category_popular_idx" ON "apps" USING btree ("category","active_install_count" desc nulls first,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_environment_popular_idx" ON "apps" USING btree ("environment","active_install_count" desc nulls first,"id") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_featured_popular_idx" ON "apps" USING btree ("active_install_count" desc nulls first,"id") WHERE "apps"."public" and "apps"."featured";--> statement-breakpoint
-- Nothing was ever removed: every install so far is active.
UPDATE "apps" SET "active_install_count" = "install_count";
