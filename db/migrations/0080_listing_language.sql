ALTER TABLE "apps" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "app_revisions" ADD COLUMN "language" text;