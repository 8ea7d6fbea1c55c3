import { and, desc, eq, getTableName, ne, sql, type Column, type SQL } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { appRevisions, apps, type AppRevision } from "@/db/schema";
import { notFound } from "@/lib/core/errors";

import { screenshotsOf } from "./screenshots";
import type { OpenRevisionSummary, RevisionRow } from "./views";

// Reading revisions: the open one of an app (at most one, by a unique index), with the live listing.

/** Not yet approved: being drafted, reviewed or fixed after a rejection. */
const isOpenRevision: SQL = ne(appRevisions.status, "APPROVED");

/** The open revision of the app whose id is `appId` ({ id, status } or null), as a column of the query that selects the app. */
export function openRevisionOf(appId: Column): SQL.Aliased<OpenRevisionSummary | null> {
  const outerId = sql`${sql.identifier(getTableName(appId.table))}.${sql.identifier(appId.name)}`;
  return sql`(select json_build_object('id', ${appRevisions.id}, 'status', ${appRevisions.status}) from ${appRevisions}
      where ${appRevisions.appId} = ${outerId} and ${isOpenRevision})`
    .mapWith((value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as OpenRevisionSummary | null)
    .as("revision");
}

async function readRevision(db: Executor, where: SQL | undefined, newestOnly = false): Promise<RevisionRow> {
  const query = db
    .select({ revision: appRevisions, app: apps, screenshots: screenshotsOf(apps.id) })
    .from(appRevisions)
    .innerJoin(apps, eq(apps.id, appRevisions.appId))
    .where(where)
    .orderBy(desc(appRevisions.createdAt), desc(appRevisions.id));
  const [row] = await (newestOnly ? query.limit(1) : query);
  if (!row) throw notFound("revision");
  return { revision: row.revision, live: { app: row.app, screenshots: row.screenshots } };
}

/** The open revision of an app with the live listing, or 404 `not_found` naming the revision. */
export const readOpenRevision = (db: Executor, appId: string, appScope?: SQL) =>
  readRevision(db, and(eq(appRevisions.appId, appId), isOpenRevision, appScope));

/**
 * The revision an action on "the app's revision" means: the open one, else the one approved last
 * (the open one is always the newest). An action that lost a race to an approval then finds it
 * APPROVED and is refused with 409, instead of finding nothing.
 */
export const readNewestRevision = (db: Executor, appId: string, appScope?: SQL) =>
  readRevision(db, and(eq(appRevisions.appId, appId), appScope), true);

/** The open revision's row alone, if there is one. */
export async function findOpenRevision(db: Executor, appId: string): Promise<AppRevision | undefined> {
  const [revision] = await db
    .select()
    .from(appRevisions)
    .where(and(eq(appRevisions.appId, appId), isOpenRevision));
  return revision;
}
