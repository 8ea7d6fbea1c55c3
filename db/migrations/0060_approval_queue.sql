CREATE TABLE "approval_claims" (
	"queue" text NOT NULL,
	"item_id" uuid NOT NULL,
	"waiting_since" timestamp with time zone NOT NULL,
	"admin_yapture_user_id" text NOT NULL,
	"admin_email" text NOT NULL,
	"admin_name" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "approval_claims_queue_item_id_pk" PRIMARY KEY("queue","item_id")
);
--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","created_at");