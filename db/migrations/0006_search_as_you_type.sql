-- Search as you type: every prefix of a word of a name finds it (the name also as typed, in the
-- simple configuration), and names are matched with typo tolerance through trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "apps" drop column "search_document";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "apps"."name"), 'A') || setweight(to_tsvector('simple', "apps"."name"), 'A') || setweight(to_tsvector('english', "apps"."description"), 'B') || setweight(to_tsvector('english', coalesce("apps"."long_description", '')), 'C')) STORED;--> statement-breakpoint
-- Dropping the column dropped its index: the same partial GIN index again.
CREATE INDEX "apps_public_search_idx" ON "apps" USING gin ("search_document") WHERE "apps"."public";--> statement-breakpoint
CREATE INDEX "apps_public_name_trgm_idx" ON "apps" USING gin (lower("name") gin_trgm_ops) WHERE "apps"."public";
