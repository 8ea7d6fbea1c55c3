CREATE TABLE "hosted_asset_files" (
	"hash" text NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" bytea NOT NULL,
	CONSTRAINT "hosted_asset_files_hash_variant_pk" PRIMARY KEY("hash","variant")
);
--> statement-breakpoint
CREATE TABLE "hosted_assets" (
	"hash" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosted_assets_hash_is_sha256" CHECK ("hosted_assets"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "hosted_asset_files" ADD CONSTRAINT "hosted_asset_files_hash_hosted_assets_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."hosted_assets"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Images are compressed already: store them as they are, out of line, without trying to compress them again.
ALTER TABLE "hosted_asset_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
