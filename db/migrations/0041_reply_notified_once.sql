ALTER TABLE "reviews" ADD COLUMN "reply_notified_at" timestamp with time zone;--> statement-breakpoint
-- Reviews whose reply was emailed before the column: their reply's first post (a reply deleted
-- since cannot be known; its reviewer may be emailed once more).
UPDATE "reviews" SET "reply_notified_at" = "review_replies"."created_at"
FROM "review_replies"
WHERE "review_replies"."review_id" = "reviews"."id" AND "reviews"."reviewer_email" IS NOT NULL AND "reviews"."reply_notified_at" IS NULL;
