CREATE TABLE "portal_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"yapture_user_id" text NOT NULL,
	"signed_in_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "portal_sessions_user_idx" ON "portal_sessions" USING btree ("yapture_user_id");--> statement-breakpoint
CREATE INDEX "portal_sessions_expires_idx" ON "portal_sessions" USING btree ("expires_at");