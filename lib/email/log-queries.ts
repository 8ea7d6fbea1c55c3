import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { emailOutbox, type OutboxEmail } from "@/db/schema";
import type { EmailType } from "@/lib/domain/enums";
import { offsetOf } from "@/lib/http/paging";
import type { EmailLogEntry } from "@/lib/validation/responses";

export type ListEmailsOptions = {
  /** Recipient address, matched case-insensitively. */
  to?: string;
  type?: EmailType;
  page: number;
  limit: number;
  tx?: Executor;
};

/** The email log, newest first, one page of it and the number of matching emails. */
export async function listEmails({ to, type, page, limit, tx }: ListEmailsOptions): Promise<{ rows: OutboxEmail[]; total: number }> {
  const db = tx ?? (await getDb());
  const conditions: SQL[] = [];
  if (to !== undefined) conditions.push(sql`lower(${emailOutbox.to}) = ${to.trim().toLowerCase()}`);
  if (type !== undefined) conditions.push(eq(emailOutbox.type, type));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(limit)
      .offset(offsetOf({ page, limit })),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

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
