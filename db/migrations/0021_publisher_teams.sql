CREATE TYPE "public"."member_role" AS ENUM('OWNER', 'ADMIN', 'DEVELOPER', 'ANALYST', 'SUPPORT');--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'MEMBER_INVITED';--> statement-breakpoint
ALTER TYPE "public"."email_type" ADD VALUE 'API_KEY_EXPIRING';--> statement-breakpoint
CREATE TABLE "publisher_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "member_role" NOT NULL,
	"app_ids" uuid[],
	"token_hash" text NOT NULL,
	"invited_by_member_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publisher_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"developer_id" uuid NOT NULL,
	"yapture_user_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" "member_role" NOT NULL,
	"app_ids" uuid[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "actor_yapture_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "actor_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by_member_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by_name" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "app_ids" uuid[];--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "rotated_to_key_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expiry_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_kind" text DEFAULT 'administrator' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "developer_id" uuid;--> statement-breakpoint
ALTER TABLE "publisher_invitations" ADD CONSTRAINT "publisher_invitations_developer_id_developers_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."developers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_invitations" ADD CONSTRAINT "publisher_invitations_invited_by_member_id_publisher_members_id_fk" FOREIGN KEY ("invited_by_member_id") REFERENCES "public"."publisher_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publisher_members" ADD CONSTRAINT "publisher_members_developer_id_developers_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."developers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_invitations_open_key" ON "publisher_invitations" USING btree ("developer_id",lower("email")) WHERE "publisher_invitations"."accepted_at" is null and "publisher_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_invitations_token_key" ON "publisher_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "publisher_invitations_developer_idx" ON "publisher_invitations" USING btree ("developer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "publisher_members_developer_person_key" ON "publisher_members" USING btree ("developer_id","yapture_user_id");--> statement-breakpoint
CREATE INDEX "publisher_members_person_idx" ON "publisher_members" USING btree ("yapture_user_id","created_at");--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_member_id_publisher_members_id_fk" FOREIGN KEY ("created_by_member_id") REFERENCES "public"."publisher_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_rotated_to_key_id_api_keys_id_fk" FOREIGN KEY ("rotated_to_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_developer_id_developers_id_fk" FOREIGN KEY ("developer_id") REFERENCES "public"."developers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_expiry_notice_idx" ON "api_keys" USING btree ("expires_at") WHERE "api_keys"."revoked_at" is null and "api_keys"."expiry_notice_sent_at" is null and "api_keys"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "audit_events_developer_idx" ON "audit_events" USING btree ("developer_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
-- Every developer account has an owner from the moment it exists: the person who registered it
-- (whoever inserts the row: registration, the seed, an older release during a rolling deploy).
CREATE FUNCTION "publisher_founding_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "publisher_members" ("developer_id", "yapture_user_id", "email", "name", "role", "created_at", "updated_at")
  VALUES (NEW."id", NEW."yapture_user_id", NEW."email", NEW."name", 'OWNER', NEW."created_at", NEW."created_at")
  ON CONFLICT ("developer_id", "yapture_user_id") DO NOTHING;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "developers_founding_owner" AFTER INSERT ON "developers" FOR EACH ROW EXECUTE FUNCTION "publisher_founding_owner"();--> statement-breakpoint
-- Existing accounts become one-member teams owned by their person.
INSERT INTO "publisher_members" ("developer_id", "yapture_user_id", "email", "name", "role", "created_at", "updated_at")
SELECT "id", "yapture_user_id", "email", "name", 'OWNER', "created_at", "created_at" FROM "developers"
ON CONFLICT ("developer_id", "yapture_user_id") DO NOTHING;--> statement-breakpoint
-- Their keys were made by that person.
UPDATE "api_keys" AS k SET "created_by_member_id" = m."id", "created_by_name" = m."name"
FROM "developers" AS d JOIN "publisher_members" AS m ON m."developer_id" = d."id" AND m."yapture_user_id" = d."yapture_user_id"
WHERE k."developer_id" = d."id" AND k."created_by_member_id" IS NULL;--> statement-breakpoint
-- The audit log so far belongs to the account it was about; the developer's own actions were a member's.
UPDATE "audit_events" AS e SET "developer_id" = a."developer_id" FROM "apps" AS a WHERE e."target_type" = 'app' AND a."id" = e."target_id";--> statement-breakpoint
UPDATE "audit_events" AS e SET "developer_id" = e."target_id"
WHERE e."target_type" = 'developer' AND EXISTS (SELECT 1 FROM "developers" AS d WHERE d."id" = e."target_id");--> statement-breakpoint
UPDATE "audit_events" AS e SET "actor_kind" = 'member', "actor_name" = d."name"
FROM "developers" AS d WHERE e."developer_id" = d."id" AND e."actor_yapture_user_id" = d."yapture_user_id";
