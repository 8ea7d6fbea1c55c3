import type { OutboxEmail } from "@/db/schema";
import type { EmailLogEntry } from "./schemas";

/** An email as the admin email log shows it; the body and provider details stay out. */
export function emailLogView(row: OutboxEmail): EmailLogEntry {
  return {
    id: row.id,
    to: row.to,
    type: row.type,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    lastError: row.lastError,
  };
}
