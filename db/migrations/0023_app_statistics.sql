CREATE TYPE "public"."stat_source" AS ENUM('search', 'category', 'featured', 'home', 'developer_page', 'api', 'external', 'direct', 'other');--> statement-breakpoint
CREATE TABLE "app_daily_stats" (
	"app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" "stat_source" NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"page_views" bigint DEFAULT 0 NOT NULL,
	"installs" integer DEFAULT 0 NOT NULL,
	"uninstalls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_daily_stats_app_id_day_source_pk" PRIMARY KEY("app_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "app_daily_utm" (
	"app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"utm_source" text NOT NULL,
	"page_views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "app_daily_utm_app_id_day_utm_source_pk" PRIMARY KEY("app_id","day","utm_source")
);
--> statement-breakpoint
CREATE TABLE "app_search_terms" (
	"app_id" uuid NOT NULL,
	"day" date NOT NULL,
	"term" text NOT NULL,
	"client" text NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"installs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "app_search_terms_app_id_day_term_client_pk" PRIMARY KEY("app_id","day","term","client")
);
--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "source" "stat_source" DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_daily_stats" ADD CONSTRAINT "app_daily_stats_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_daily_utm" ADD CONSTRAINT "app_daily_utm_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_search_terms" ADD CONSTRAINT "app_search_terms_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The installs so far, by the day they were made (their source was not recorded: other).
INSERT INTO "app_daily_stats" ("app_id", "day", "source", "installs")
SELECT "app_id", ("created_at" at time zone 'UTC')::date, 'other', count(*) FROM "installs" GROUP BY 1, 2
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "app_daily_stats" ("app_id", "day", "source", "uninstalls")
SELECT "app_id", ("removed_at" at time zone 'UTC')::date, 'other', count(*) FROM "installs" WHERE "removed_at" IS NOT NULL GROUP BY 1, 2
ON CONFLICT ("app_id", "day", "source") DO UPDATE SET "uninstalls" = "app_daily_stats"."uninstalls" + excluded."uninstalls";
