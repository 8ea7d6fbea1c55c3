import { and, desc, eq, ne } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { appRevisions, apps, developerProfileChanges } from "@/db/schema";
import { ApiError, notFound } from "@/lib/core/errors";
import type { ApprovalQueue } from "@/lib/core/enums";
import { accessibleApp, ofAccessibleApp, type Access } from "@/lib/members/access";

import { standingOf, type Standing } from "./standing";

// A developer's view of the review queues: where their own listing, update or profile change
// stands. Each entry point finds the item through the caller's access (anyone else's is 404).

const notWaiting = (what: string, status: string) =>
  new ApiError("invalid_state", `the ${what} is not waiting for a decision (it is ${status}); only a PENDING one has a place in the queue`);

async function standingOrRefusal(db: Executor, queue: ApprovalQueue, item: { id: string; status: string }, what: string) {
  if (item.status !== "PENDING") throw notWaiting(what, item.status);
  // Decided or withdrawn between the two reads.
  const standing = await standingOf(db, queue, item.id);
  if (!standing) throw notWaiting(what, "no longer PENDING");
  return standing;
}

/** Where the caller's listing stands in the queue of new listings. */
export async function listingStanding({ access, appId }: { access: Access; appId: string }): Promise<Standing> {
  const db = await getDb();
  const [app] = await db
    .select({ id: apps.id, status: apps.status })
    .from(apps)
    .where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!app) throw notFound("app");
  return standingOrRefusal(db, "listing", app, "listing");
}

/** Where the open update of the caller's live app stands in the queue of updates. */
export async function updateStanding({ access, appId }: { access: Access; appId: string }): Promise<Standing> {
  const db = await getDb();
  const [app] = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(eq(apps.id, appId), accessibleApp(access)));
  if (!app) throw notFound("app");
  const [revision] = await db
    .select({ id: appRevisions.id, status: appRevisions.status })
    .from(appRevisions)
    .where(and(eq(appRevisions.appId, appId), ne(appRevisions.status, "APPROVED"), ofAccessibleApp(access, appRevisions.appId)));
  if (!revision) throw notFound("update");
  return standingOrRefusal(db, "update", revision, "update");
}

/** Where the developer's newest public profile change stands in the queue of profile changes. */
export async function profileChangeStanding({ developerId }: { developerId: string }): Promise<Standing> {
  const db = await getDb();
  const [change] = await db
    .select({ id: developerProfileChanges.id, status: developerProfileChanges.status })
    .from(developerProfileChanges)
    .where(eq(developerProfileChanges.developerId, developerId))
    .orderBy(desc(developerProfileChanges.createdAt), desc(developerProfileChanges.id))
    .limit(1);
  if (!change) throw notFound("profile change");
  return standingOrRefusal(db, "profile_change", change, "profile change");
}

/** For a page: the standing, or null when the item is not (or no longer) waiting. */
export async function standingIfWaiting(load: () => Promise<Standing>): Promise<Standing | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && (error.code === "invalid_state" || error.code === "not_found")) return null;
    throw error;
  }
}
