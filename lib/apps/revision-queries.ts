import { and, eq, getTableName, ne, sql, type Column, type SQL } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { appRevisions, apps, type AppRevision } from "@/db/schema";
import { notFound } from "@/lib/http";

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

/** The open revision of an app with the live listing, or 404 `not_found` naming the revision. */
export async function readOpenRevision(db: Executor, appId: string, appScope?: SQL): Promise<RevisionRow> {
  const [row] = await db
    .select({ revision: appRevisions, app: apps, screenshots: screenshotsOf(apps.id) })
    .from(appRevisions)
    .innerJoin(apps, eq(apps.id, appRevisions.appId))
    .where(and(eq(appRevisions.appId, appId), isOpenRevision, appScope));
  if (!row) throw notFound("revision");
  return { revision: row.revision, live: { app: row.app, screenshots: row.screenshots } };
}

/** The open revision's row alone, if there is one. */
export async function findOpenRevision(db: Executor, appId: string): Promise<AppRevision | undefined> {
  const [revision] = await db
    .select()
    .from(appRevisions)
    .where(and(eq(appRevisions.appId, appId), isOpenRevision));
  return revision;
}
