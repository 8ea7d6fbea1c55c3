CREATE TABLE "app_version_images" (
	"app_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"field" text NOT NULL,
	"source_url" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "app_version_images_app_id_version_field_pk" PRIMARY KEY("app_id","version","field")
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"app_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"restored_from" integer,
	"live_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_versions_app_id_version_pk" PRIMARY KEY("app_id","version")
);
--> statement-breakpoint
ALTER TABLE "app_version_images" ADD CONSTRAINT "app_version_images_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_version_images" ADD CONSTRAINT "app_version_images_hash_hosted_assets_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."hosted_assets"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_version_images_hash_idx" ON "app_version_images" USING btree ("hash");