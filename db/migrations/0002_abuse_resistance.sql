CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "installs" ADD COLUMN "day" date;--> statement-breakpoint
CREATE UNIQUE INDEX "installs_app_client_day_key" ON "installs" USING btree ("app_id","client_key","day") WHERE "installs"."workspace_id" is null;