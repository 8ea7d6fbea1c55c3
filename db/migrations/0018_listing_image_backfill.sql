ALTER TABLE "app_revisions" ADD COLUMN "image_copy_tried_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "hosted_long_description" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "image_copy_tried_at" timestamp with time zone;