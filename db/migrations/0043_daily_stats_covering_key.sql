-- The daily figures' key carries the figures too, so a series reads an app's days from the index
-- alone (one page per ~100 days instead of one heap page per day: each day's flush writes every
-- app's rows together). Written by hand: drizzle-kit cannot express INCLUDE, and the key's columns
-- and name are what db/schema.ts declares, so the snapshot is unchanged.
ALTER TABLE "app_daily_stats" DROP CONSTRAINT "app_daily_stats_app_id_day_source_pk";--> statement-breakpoint
ALTER TABLE "app_daily_stats" ADD CONSTRAINT "app_daily_stats_app_id_day_source_pk" PRIMARY KEY ("app_id", "day", "source") INCLUDE ("impressions", "page_views", "installs", "uninstalls");
