import { eq, gt, isNotNull, or } from "drizzle-orm";

import { getDb } from "@/db/client";
import { countRows } from "@/db/paginate";
import { appRevisions, apps, developerProfileChanges, developers, emailOutbox, reviews, webhookEndpoints } from "@/db/schema";

/** The numbers on the administrators' dashboard: what waits for someone. */
export async function adminQueueCounts() {
  const db = await getDb();
  const [
    pendingDevelopers,
    pendingProfileChanges,
    pendingApps,
    pendingUpdates,
    approvedApps,
    failedEmails,
    reportedReviews,
    failingWebhooks,
  ] = await Promise.all([
    countRows(db, developers, eq(developers.status, "PENDING_VERIFICATION")),
    countRows(db, developerProfileChanges, eq(developerProfileChanges.status, "PENDING")),
    countRows(db, apps, eq(apps.status, "PENDING")),
    countRows(db, appRevisions, eq(appRevisions.status, "PENDING")),
    countRows(db, apps, eq(apps.status, "APPROVED")),
    countRows(db, emailOutbox, eq(emailOutbox.status, "FAILED")),
    countRows(db, reviews, gt(reviews.openReports, 0)),
    // Failing now, or turned off by the marketplace (410, or failing for the whole retry schedule).
    countRows(db, webhookEndpoints, or(isNotNull(webhookEndpoints.failingSince), isNotNull(webhookEndpoints.disabledReason))!),
  ]);
  return {
    pendingDevelopers,
    pendingProfileChanges,
    pendingApps,
    pendingUpdates,
    approvedApps,
    failedEmails,
    reportedReviews,
    failingWebhooks,
  };
}
