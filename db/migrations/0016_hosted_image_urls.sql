ALTER TABLE "app_screenshots" ADD COLUMN "hosted_url" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "hosted_logo_url" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "hosted_banner_url" text;--> statement-breakpoint
-- The public JSON's screenshots show the hosted copy once there is one (migration 0009's function, with coalesce).
CREATE OR REPLACE FUNCTION "app_screenshots_publish"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null for an INSERT and NEW for a DELETE.
  UPDATE apps SET public_screenshots = coalesce((
      SELECT json_agg(json_build_object('url', coalesce(s.hosted_url, s.url), 'caption', s.caption, 'order', s.position) ORDER BY s.position)
      FROM app_screenshots s WHERE s.app_id = apps.id
    ), '[]')
  WHERE apps.id IN (OLD.app_id, NEW.app_id);
  RETURN NULL;
END $$;
