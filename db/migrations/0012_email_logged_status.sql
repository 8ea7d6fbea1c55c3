-- Emails written to the log under EMAIL_DELIVERY=log-only are recorded as LOGGED, never as SENT.
ALTER TYPE "public"."email_status" ADD VALUE 'LOGGED' BEFORE 'FAILED';