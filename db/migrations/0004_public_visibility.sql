-- Public visibility (apps.public) and the per-cell public counts (public_app_counts), kept by the
-- database in the same transaction as every write that changes them: the state transitions of
-- lib/apps and lib/developers, seeds, fixtures and anything written later alike.
--
-- Lock order, so concurrent writers never deadlock: an app row before any count cell; cells in
-- (category, environment, featured) order. A developer's status change locks its apps (by id)
-- before its cells; an app's own change holds its row (the state transition locked it) first.

-- Every cell exists, so writers only ever UPDATE a cell (no insert races).
INSERT INTO "public_app_counts" ("category", "environment", "featured", "apps")
SELECT category, environment, featured, 0
FROM unnest(enum_range(NULL::app_category)) AS category,
     unnest(enum_range(NULL::app_environment)) AS environment,
     unnest(ARRAY[false, true]) AS featured;
--> statement-breakpoint

-- An app is public when it is APPROVED and its developer VERIFIED.
CREATE FUNCTION "apps_set_public"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.public := NEW.status = 'APPROVED'
    AND EXISTS (SELECT 1 FROM developers WHERE id = NEW.developer_id AND status = 'VERIFIED');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "apps_set_public" BEFORE INSERT OR UPDATE OF status, developer_id ON "apps"
FOR EACH ROW EXECUTE FUNCTION "apps_set_public"();
--> statement-breakpoint

-- Moves an app between count cells when its visibility, category, environment or featured flag changes.
CREATE FUNCTION "apps_count_public"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := TG_OP <> 'INSERT' AND OLD.public;
  is_public boolean := TG_OP <> 'DELETE' AND NEW.public;
BEGIN
  IF TG_OP = 'UPDATE' AND was_public = is_public AND NOT is_public THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND was_public AND is_public
     AND (OLD.category, OLD.environment, OLD.featured) = (NEW.category, NEW.environment, NEW.featured) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM public_app_counts c
  WHERE (was_public AND (c.category, c.environment, c.featured) = (OLD.category, OLD.environment, OLD.featured))
     OR (is_public AND (c.category, c.environment, c.featured) = (NEW.category, NEW.environment, NEW.featured))
  ORDER BY c.category, c.environment, c.featured
  FOR UPDATE;
  IF was_public THEN
    UPDATE public_app_counts SET apps = apps - 1
    WHERE (category, environment, featured) = (OLD.category, OLD.environment, OLD.featured);
  END IF;
  IF is_public THEN
    UPDATE public_app_counts SET apps = apps + 1
    WHERE (category, environment, featured) = (NEW.category, NEW.environment, NEW.featured);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "apps_count_public" AFTER INSERT OR DELETE OR UPDATE OF status, developer_id, category, environment, featured ON "apps"
FOR EACH ROW EXECUTE FUNCTION "apps_count_public"();
--> statement-breakpoint

-- A developer's status decides whether its approved apps are public. Updating every app of the
-- developer (not only those whose flag changes) makes a concurrent approval of one of them wait
-- for this transaction, or this one re-read the approved row after it: either way the flag ends
-- right. Counts move here, in one statement per cell, because this UPDATE of apps.public alone
-- does not fire apps_count_public.
CREATE FUNCTION "developers_publish_apps"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM apps WHERE developer_id = NEW.id ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM public_app_counts c
  WHERE (c.category, c.environment, c.featured) IN (
    SELECT category, environment, featured FROM apps WHERE developer_id = NEW.id AND status = 'APPROVED')
  ORDER BY c.category, c.environment, c.featured
  FOR UPDATE;
  UPDATE public_app_counts c SET apps = c.apps + moved.delta
  FROM (
    SELECT category, environment, featured,
           sum(CASE WHEN NEW.status = 'VERIFIED' THEN 1 ELSE 0 END - CASE WHEN public THEN 1 ELSE 0 END)::int AS delta
    FROM apps WHERE developer_id = NEW.id AND status = 'APPROVED'
    GROUP BY category, environment, featured
  ) AS moved
  WHERE (c.category, c.environment, c.featured) = (moved.category, moved.environment, moved.featured) AND moved.delta <> 0;
  UPDATE apps SET public = (status = 'APPROVED' AND NEW.status = 'VERIFIED') WHERE developer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "developers_publish_apps" AFTER UPDATE OF status ON "developers"
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "developers_publish_apps"();
--> statement-breakpoint

-- Existing rows: the flag, then the counts.
UPDATE "apps" SET "public" = true
WHERE "status" = 'APPROVED' AND EXISTS (SELECT 1 FROM "developers" d WHERE d."id" = "apps"."developer_id" AND d."status" = 'VERIFIED');
--> statement-breakpoint
UPDATE "public_app_counts" c SET "apps" = counted.apps
FROM (SELECT category, environment, featured, count(*)::int AS apps FROM "apps" WHERE "public" GROUP BY 1, 2, 3) AS counted
WHERE (c.category, c.environment, c.featured) = (counted.category, counted.environment, counted.featured);
--> statement-breakpoint

-- The name-sorted indexes also carry the name itself (drizzle cannot declare INCLUDE): with it,
-- Postgres can recompute lower(name) from the index and skip the table on the rows a deep page
-- passes over (an index-only scan); without it, page 50 read 5,000 table rows.
DROP INDEX "apps_public_name_idx";
--> statement-breakpoint
CREATE INDEX "apps_public_name_idx" ON "apps" USING btree (lower("name"), "id") INCLUDE ("name") WHERE "apps"."public";
--> statement-breakpoint
DROP INDEX "apps_public_category_name_idx";
--> statement-breakpoint
CREATE INDEX "apps_public_category_name_idx" ON "apps" USING btree ("category", lower("name"), "id") INCLUDE ("name") WHERE "apps"."public";
--> statement-breakpoint
DROP INDEX "apps_public_environment_name_idx";
--> statement-breakpoint
CREATE INDEX "apps_public_environment_name_idx" ON "apps" USING btree ("environment", lower("name"), "id") INCLUDE ("name") WHERE "apps"."public";
--> statement-breakpoint
DROP INDEX "apps_public_featured_name_idx";
--> statement-breakpoint
CREATE INDEX "apps_public_featured_name_idx" ON "apps" USING btree (lower("name"), "id") INCLUDE ("name") WHERE "apps"."public" and "apps"."featured";
