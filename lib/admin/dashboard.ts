import { count, eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apps, developers, emailOutbox } from "@/db/schema";

/** The numbers on the administrators' dashboard. */
export async function adminQueueCounts() {
  const db = await getDb();
  const [[pendingDevelopers], [pendingApps], [approvedApps], [failedEmails]] = await Promise.all([
    db.select({ value: count() }).from(developers).where(eq(developers.status, "PENDING_VERIFICATION")),
    db.select({ value: count() }).from(apps).where(eq(apps.status, "PENDING")),
    db.select({ value: count() }).from(apps).where(eq(apps.status, "APPROVED")),
    db.select({ value: count() }).from(emailOutbox).where(eq(emailOutbox.status, "FAILED")),
  ]);
  return {
    pendingDevelopers: pendingDevelopers?.value ?? 0,
    pendingApps: pendingApps?.value ?? 0,
    approvedApps: approvedApps?.value ?? 0,
    failedEmails: failedEmails?.value ?? 0,
  };
}
