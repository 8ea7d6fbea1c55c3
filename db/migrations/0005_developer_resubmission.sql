ALTER TYPE "public"."email_type" ADD VALUE 'DEVELOPER_SUSPENDED' BEFORE 'APP_APPROVED';--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'DEVELOPER_REINSTATED' BEFORE 'APP_APPROVED';--> statement-breakpoint
ALTER TABLE "developers" ADD COLUMN "resubmitted_at" timestamp with time zone;