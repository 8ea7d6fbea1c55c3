CREATE TABLE "catalogue_removals" (
	"app_id" uuid,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "catalogue_xid" "xid8" DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "catalogue_removals_xid_idx" ON "catalogue_removals" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "apps_catalogue_xid_idx" ON "apps" USING btree ("catalogue_xid");--> statement-breakpoint
-- The in-process catalogue search (lib/catalogue/search) holds every public app's visibility,
-- search text, filters and sort keys. Each process catches up by reading the rows stamped by
-- transactions it may not have seen yet (catalogue_xid at or above the xmin of the snapshot it
-- last read at), so every change to those columns stamps the row with its transaction. Named to
-- run after apps_set_public, whose NEW.public it must see.
CREATE FUNCTION "apps_stamp_catalogue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
     OR (OLD.public, OLD.name, OLD.description, OLD.long_description, OLD.category, OLD.environment, OLD.featured,
         OLD.install_count, OLD.review_count, OLD.rating_sum, OLD.published_at)
        IS DISTINCT FROM
        (NEW.public, NEW.name, NEW.description, NEW.long_description, NEW.category, NEW.environment, NEW.featured,
         NEW.install_count, NEW.review_count, NEW.rating_sum, NEW.published_at) THEN
    NEW.catalogue_xid := pg_current_xact_id();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "apps_stamp_catalogue" BEFORE INSERT OR UPDATE ON "apps"
FOR EACH ROW EXECUTE FUNCTION "apps_stamp_catalogue"();
--> statement-breakpoint
-- A deleted public app leaves a removal behind; a TRUNCATE leaves one with no app: reload everything.
CREATE FUNCTION "apps_record_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO catalogue_removals (app_id) VALUES (NULL);
  ELSIF OLD.public THEN
    INSERT INTO catalogue_removals (app_id) VALUES (OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "apps_record_removal" AFTER DELETE ON "apps"
FOR EACH ROW EXECUTE FUNCTION "apps_record_removal"();
--> statement-breakpoint
CREATE TRIGGER "apps_record_truncate" AFTER TRUNCATE ON "apps"
FOR EACH STATEMENT EXECUTE FUNCTION "apps_record_removal"();
