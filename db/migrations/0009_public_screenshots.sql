ALTER TABLE "apps" ADD COLUMN "public_screenshots" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- apps.public_screenshots: each app's screenshots as its public JSON shows them, rewritten by every
-- write to app_screenshots in the same transaction. The one writer (lib/apps/screenshots.ts) runs
-- inside the transaction that changes the app and holds its row, so this takes no lock out of the
-- order of migration 0004. A deleted app's screenshots go with it (cascade): nothing to rewrite.
CREATE FUNCTION "app_screenshots_publish"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null for an INSERT and NEW for a DELETE.
  UPDATE apps SET public_screenshots = coalesce((
      SELECT json_agg(json_build_object('url', s.url, 'caption', s.caption, 'order', s.position) ORDER BY s.position)
      FROM app_screenshots s WHERE s.app_id = apps.id
    ), '[]')
  WHERE apps.id IN (OLD.app_id, NEW.app_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "app_screenshots_publish" AFTER INSERT OR UPDATE OR DELETE ON "app_screenshots"
FOR EACH ROW EXECUTE FUNCTION "app_screenshots_publish"();
--> statement-breakpoint
UPDATE apps SET public_screenshots = (
    SELECT json_agg(json_build_object('url', s.url, 'caption', s.caption, 'order', s.position) ORDER BY s.position)
    FROM app_screenshots s WHERE s.app_id = apps.id
  )
WHERE EXISTS (SELECT 1 FROM app_screenshots s WHERE s.app_id = apps.id);
