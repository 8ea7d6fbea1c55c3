-- The catalogue search moves from each process's memory into Postgres (lib/catalogue/search):
-- the catch-up machinery of migration 0008 goes, a search's words become one tsquery here, and a
-- version number tells a process when totals it remembered may have changed.
DROP TRIGGER "apps_stamp_catalogue" ON "apps";--> statement-breakpoint
DROP FUNCTION "apps_stamp_catalogue"();--> statement-breakpoint
DROP TRIGGER "apps_record_removal" ON "apps";--> statement-breakpoint
DROP TRIGGER "apps_record_truncate" ON "apps";--> statement-breakpoint
DROP FUNCTION "apps_record_removal"();--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"single" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_single" CHECK ("catalogue_version"."single")
);
--> statement-breakpoint
ALTER TABLE "catalogue_removals" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "catalogue_removals" CASCADE;--> statement-breakpoint
DROP INDEX "apps_catalogue_xid_idx";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "name_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "apps"."name"), 'A') || setweight(to_tsvector('simple', "apps"."name"), 'A')) STORED;--> statement-breakpoint
CREATE INDEX "apps_public_name_search_idx" ON "apps" USING gin ("name_document") WHERE "apps"."public";--> statement-breakpoint
ALTER TABLE "apps" DROP COLUMN "catalogue_xid";
--> statement-breakpoint
-- The planner picks, per search, between walking a sort index and sorting the GIN matches from
-- how common the words are: 10,000 of each document's most common lexemes (the default keeps
-- 1,000) let it tell a word in 200 apps from one in 30,000, prefixes included.
ALTER TABLE "apps" ALTER COLUMN "search_document" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "name_document" SET STATISTICS 1000;
--> statement-breakpoint
INSERT INTO "catalogue_version" DEFAULT VALUES;
--> statement-breakpoint
-- Bumped in the writing transaction by every change to what a search can match or count: an app
-- becoming or ceasing to be public, or a public app's text, category, environment or featuring.
-- Installs and reviews (counters, sort keys) leave it alone. It fires before apps_count_public
-- (triggers run in name order), so a writer takes this row before any count cell: every writer
-- takes the locks in one order.
CREATE FUNCTION "apps_bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "apps_bump_catalogue_version_insert" AFTER INSERT ON "apps"
FOR EACH ROW WHEN (NEW.public) EXECUTE FUNCTION "apps_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "apps_bump_catalogue_version_delete" AFTER DELETE ON "apps"
FOR EACH ROW WHEN (OLD.public) EXECUTE FUNCTION "apps_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "apps_bump_catalogue_version_update" AFTER UPDATE ON "apps"
FOR EACH ROW WHEN ((OLD.public OR NEW.public)
  AND (OLD.public, OLD.name, OLD.description, OLD.long_description, OLD.category, OLD.environment, OLD.featured)
      IS DISTINCT FROM (NEW.public, NEW.name, NEW.description, NEW.long_description, NEW.category, NEW.environment, NEW.featured))
EXECUTE FUNCTION "apps_bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "apps_bump_catalogue_version_truncate" AFTER TRUNCATE ON "apps"
FOR EACH STATEMENT EXECUTE FUNCTION "apps_bump_catalogue_version"();
--> statement-breakpoint
-- A search's words as one tsquery: every word must match (AND), each as Postgres normalises it for
-- the documents (english stems or the word as typed; the text of each word is built by
-- lib/catalogue/search-words.ts from letters and digits only). Words that normalise to nothing (stop
-- words) are left out; NULL when none is left, which matches nothing.
CREATE FUNCTION "catalogue_query"(words text[]) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  one tsquery;
  result tsquery;
BEGIN
  FOREACH word IN ARRAY coalesce(words, '{}') LOOP
    one := to_tsquery('english', word) || to_tsquery('simple', word);
    IF numnode(one) > 0 THEN
      result := CASE WHEN result IS NULL THEN one ELSE result && one END;
    END IF;
  END LOOP;
  RETURN result;
END $$;
