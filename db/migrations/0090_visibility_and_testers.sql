CREATE TYPE "public"."app_visibility" AS ENUM('PRIVATE', 'UNLISTED', 'PUBLIC');--> statement-breakpoint
CREATE TABLE "app_testers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" uuid NOT NULL,
	"workspace_id" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"installed_at" timestamp with time zone,
	"installed_workspace_id" text,
	CONSTRAINT "app_testers_one_kind" CHECK (num_nonnulls("app_testers"."workspace_id", "app_testers"."email") = 1)
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "visibility" "app_visibility" DEFAULT 'PUBLIC' NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "reviewed_visibility" "app_visibility";--> statement-breakpoint
ALTER TABLE "app_testers" ADD CONSTRAINT "app_testers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_testers_app_workspace_key" ON "app_testers" USING btree ("app_id","workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "app_testers_app_email_key" ON "app_testers" USING btree ("app_id","email");--> statement-breakpoint
-- Visibility (docs/visibility.md). apps.public keeps its meaning for every public read, its partial
-- indexes and its count cells: "in the public catalogue", now APPROVED, visibility PUBLIC and the
-- developer VERIFIED. The same triggers keep it, so lists, search, counts, categories, featured,
-- home and developer pages leave PRIVATE and UNLISTED listings out with no change to a query or index.
CREATE OR REPLACE FUNCTION "apps_set_public"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.public := NEW.status = 'APPROVED' AND NEW.visibility = 'PUBLIC'
    AND EXISTS (SELECT 1 FROM developers WHERE id = NEW.developer_id AND status = 'VERIFIED');
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER "apps_set_public" ON "apps";
--> statement-breakpoint
CREATE TRIGGER "apps_set_public" BEFORE INSERT OR UPDATE OF status, developer_id, visibility ON "apps"
FOR EACH ROW EXECUTE FUNCTION "apps_set_public"();
--> statement-breakpoint
DROP TRIGGER "apps_count_public" ON "apps";
--> statement-breakpoint
CREATE TRIGGER "apps_count_public" AFTER INSERT OR DELETE OR UPDATE OF status, developer_id, visibility, category, environment, featured ON "apps"
FOR EACH ROW EXECUTE FUNCTION "apps_count_public"();
--> statement-breakpoint
-- As in 0004, with the visibility: only APPROVED, PUBLIC apps move between the cells.
CREATE OR REPLACE FUNCTION "developers_publish_apps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM apps WHERE developer_id = NEW.id ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM public_app_counts c
  WHERE (c.category, c.environment, c.featured) IN (
    SELECT category, environment, featured FROM apps WHERE developer_id = NEW.id AND status = 'APPROVED' AND visibility = 'PUBLIC')
  ORDER BY c.category, c.environment, c.featured
  FOR UPDATE;
  UPDATE public_app_counts c SET apps = c.apps + moved.delta
  FROM (
    SELECT category, environment, featured,
           sum(CASE WHEN NEW.status = 'VERIFIED' THEN 1 ELSE 0 END - CASE WHEN public THEN 1 ELSE 0 END)::int AS delta
    FROM apps WHERE developer_id = NEW.id AND status = 'APPROVED' AND visibility = 'PUBLIC'
    GROUP BY category, environment, featured
  ) AS moved
  WHERE (c.category, c.environment, c.featured) = (moved.category, moved.environment, moved.featured) AND moved.delta <> 0;
  UPDATE apps SET public = (status = 'APPROVED' AND visibility = 'PUBLIC' AND NEW.status = 'VERIFIED') WHERE developer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Existing listings: every one that went through review was reviewed as a public listing. They stay
-- PUBLIC, except localhost and staging builds, which become PRIVATE (issue 47: visitors never meet a
-- test build); since they were reviewed, their publisher can make them public again without a
-- new review. The triggers above move the flag and the counts.
UPDATE "apps" SET "reviewed_visibility" = 'PUBLIC' WHERE "published_at" IS NOT NULL OR "status" IN ('APPROVED', 'UNPUBLISHED');
--> statement-breakpoint
UPDATE "apps" SET "visibility" = 'PRIVATE' WHERE "environment" IN ('localhost', 'staging');
