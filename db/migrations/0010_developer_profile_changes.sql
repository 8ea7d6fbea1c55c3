CREATE TYPE "public"."profile_change_status" AS ENUM('PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN');--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'PROFILE_CHANGE_APPROVED';--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'PROFILE_CHANGE_REJECTED';--> statement-breakpoint
CREATE TABLE "developer_profile_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_id" uuid NOT NULL,
	"status" "profile_change_status" DEFAULT 'PENDING' NOT NULL,
	"previous" jsonb NOT NULL,
	"proposed" jsonb NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "developer_profile_changes" ADD CONSTRAINT "developer_profile_changes_developer_id_developers_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."developers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "developer_profile_changes_pending_key" ON "developer_profile_changes" USING btree ("developer_id") WHERE "developer_profile_changes"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "developer_profile_changes_developer_idx" ON "developer_profile_changes" USING btree ("developer_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "developer_profile_changes_queue_idx" ON "developer_profile_changes" USING btree ("status","created_at","id");