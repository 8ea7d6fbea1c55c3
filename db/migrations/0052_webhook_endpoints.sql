ALTER TYPE "public"."api_key_scope" ADD VALUE 'WEBHOOKS_MANAGE';--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"event_types" text[],
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_developer_id_developers_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."developers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_developer_idx" ON "webhook_endpoints" USING btree ("developer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_failing_idx" ON "webhook_endpoints" USING btree ("failing_since") WHERE "webhook_endpoints"."failing_since" is not null;