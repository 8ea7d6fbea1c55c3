-- The moderation actions are named like every other audit action, `<target>.<action>` (issue 42).
UPDATE "audit_events" SET "action" = CASE "action"
  WHEN 'hide_review' THEN 'review.hide'
  WHEN 'restore_review' THEN 'review.restore'
  WHEN 'hide_reply' THEN 'reply.hide'
  WHEN 'restore_reply' THEN 'reply.restore'
  WHEN 'dismiss_reports' THEN 'review.dismiss_reports'
END
WHERE "target_type" = 'review' AND "action" IN ('hide_review', 'restore_review', 'hide_reply', 'restore_reply', 'dismiss_reports');
