ALTER TABLE "app_revisions" ADD COLUMN "staged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "rolled_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "staged_revision_id" uuid;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "staged_version" integer;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "rollout_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_staged_revision_id_app_revisions_id_fk" FOREIGN KEY ("staged_revision_id") REFERENCES "public"."app_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A staged rollout (docs/visibility.md): a staged revision has its version, the percentage stays
-- within 0..99 (100 is "everyone", which makes the staged version the live one) and is 0 when
-- nothing is staged.
ALTER TABLE "apps" ADD CONSTRAINT "apps_rollout_staged" CHECK (("apps"."staged_revision_id" is null) = ("apps"."staged_version" is null) and "apps"."rollout_percent" between 0 and 99 and ("apps"."staged_version" is not null or "apps"."rollout_percent" = 0));
