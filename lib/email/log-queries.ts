import { and, desc, eq, sql, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { countRows, paginate, type Page } from "@/db/paginate";
import { emailOutbox, type OutboxEmail } from "@/db/schema";
import type { EmailType } from "@/lib/core/enums";

export type ListEmailsOptions = {
  /** Recipient address, matched case-insensitively. */
  to?: string;
  type?: EmailType;
  page: number;
  limit: number;
  tx?: Executor;
};

/** The email log, newest first, one page of it and the number of matching emails. */
export async function listEmails({ to, type, page, limit, tx }: ListEmailsOptions): Promise<Page<OutboxEmail>> {
  const db = tx ?? (await getDb());
  const conditions: SQL[] = [];
  if (to !== undefined) conditions.push(sql`lower(${emailOutbox.to}) = ${to.trim().toLowerCase()}`);
  if (type !== undefined) conditions.push(eq(emailOutbox.type, type));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  return paginate(
    { page, limit },
    {
      items: (window) =>
        db
          .select()
          .from(emailOutbox)
          .where(where)
          .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
          .limit(window.limit)
          .offset(window.offset),
      total: () => countRows(db, emailOutbox, where),
    },
  );
}
