CREATE SEQUENCE "public"."developer_event_positions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "developer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_id" uuid NOT NULL,
	"app_id" uuid,
	"type" text NOT NULL,
	"api_version" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" bigint
);
--> statement-breakpoint
ALTER TABLE "developer_events" ADD CONSTRAINT "developer_events_developer_id_developers_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."developers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "developer_events_position_key" ON "developer_events" USING btree ("position");--> statement-breakpoint
CREATE INDEX "developer_events_unsequenced_idx" ON "developer_events" USING btree ("created_at","id") WHERE "developer_events"."position" is null;--> statement-breakpoint
CREATE INDEX "developer_events_developer_position_idx" ON "developer_events" USING btree ("developer_id","position");--> statement-breakpoint
CREATE INDEX "developer_events_created_idx" ON "developer_events" USING btree ("created_at");