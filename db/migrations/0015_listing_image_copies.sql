CREATE TABLE "listing_image_copies" (
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"field" text NOT NULL,
	"source_url" text NOT NULL,
	"hash" text NOT NULL,
	"copied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_image_copies_subject_type_subject_id_field_pk" PRIMARY KEY("subject_type","subject_id","field"),
	CONSTRAINT "listing_image_copies_subject_type" CHECK ("listing_image_copies"."subject_type" in ('app', 'revision'))
);
--> statement-breakpoint
ALTER TABLE "listing_image_copies" ADD CONSTRAINT "listing_image_copies_hash_hosted_assets_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."hosted_assets"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_image_copies_hash_idx" ON "listing_image_copies" USING btree ("hash");