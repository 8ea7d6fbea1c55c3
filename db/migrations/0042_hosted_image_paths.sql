-- Hosted image copies are stored as paths (`/assets/<sha256>.png`) and made absolute with the
-- reading process's APP_URL (db/hosted-urls.ts): the absolute URLs written before, under whatever
-- APP_URL the writer had, become paths, so a database restored under another domain keeps its images.
UPDATE "apps" SET "hosted_logo_url" = regexp_replace("hosted_logo_url", '^[a-z][a-z0-9+.-]*://[^/]+(/assets/[0-9a-f]{64}\.(png|jpg))$', '\1')
WHERE "hosted_logo_url" ~ '^[a-z][a-z0-9+.-]*://[^/]+/assets/[0-9a-f]{64}\.(png|jpg)$';--> statement-breakpoint
UPDATE "apps" SET "hosted_banner_url" = regexp_replace("hosted_banner_url", '^[a-z][a-z0-9+.-]*://[^/]+(/assets/[0-9a-f]{64}\.(png|jpg))$', '\1')
WHERE "hosted_banner_url" ~ '^[a-z][a-z0-9+.-]*://[^/]+/assets/[0-9a-f]{64}\.(png|jpg)$';--> statement-breakpoint
-- The hosted long description writes each hosted image as `](<url>` (withHostedMarkdownImages).
UPDATE "apps" SET "hosted_long_description" = regexp_replace("hosted_long_description", '\]\(<[a-z][a-z0-9+.-]*://[^/<>]+(/assets/[0-9a-f]{64}\.(png|jpg))>', '](<\1>', 'g')
WHERE "hosted_long_description" ~ '\]\(<[a-z][a-z0-9+.-]*://[^/<>]+/assets/[0-9a-f]{64}\.(png|jpg)>';--> statement-breakpoint
-- Migration 0009's trigger rewrites each app's public_screenshots from these rows.
UPDATE "app_screenshots" SET "hosted_url" = regexp_replace("hosted_url", '^[a-z][a-z0-9+.-]*://[^/]+(/assets/[0-9a-f]{64}\.(png|jpg))$', '\1')
WHERE "hosted_url" ~ '^[a-z][a-z0-9+.-]*://[^/]+/assets/[0-9a-f]{64}\.(png|jpg)$';
