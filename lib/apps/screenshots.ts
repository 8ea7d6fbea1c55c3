import { eq, getTableName, sql, type Column, type SQL } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { absoluteHosted } from "@/db/hosted-urls";
import { appScreenshots, type AppScreenshot } from "@/db/schema";
import type { ScreenshotInput } from "./schemas";

// The one place screenshots are read and written. They are read only through `screenshotsOf`, a
// column of the query that selects the apps; the public JSON reads the copy the database keeps
// with each app (apps.public_screenshots, migration 0009) from every write made here.

export type ScreenshotRow = Pick<AppScreenshot, "url" | "caption" | "position">;

/**
 * The screenshots of the app whose id is `appId`, as a column of the query that selects the app:
 * a list reads its apps and their screenshots in one statement. `hosted`: the public's view, each
 * the hosted copy checked at submit where there is one; otherwise the developer's URLs.
 */
export function screenshotsOf(appId: Column, { hosted = false } = {}): SQL.Aliased<ScreenshotRow[]> {
  // Qualified by hand: in a query on one table Drizzle prints a bare "id", which inside this
  // subquery would name the screenshot's own id.
  const outerId = sql`${sql.identifier(getTableName(appId.table))}.${sql.identifier(appId.name)}`;
  return sql`coalesce((
      select json_agg(json_build_object('url', ${hosted ? sql`coalesce(${absoluteHosted(appScreenshots.hostedUrl)}, ${appScreenshots.url})` : appScreenshots.url}, 'caption', ${appScreenshots.caption}, 'position', ${appScreenshots.position}) order by ${appScreenshots.position})
      from ${appScreenshots} where ${appScreenshots.appId} = ${outerId}
    ), '[]')`
    .mapWith((value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as ScreenshotRow[])
    .as("screenshots");
}

/** Missing `order` means the position in the array; positions are renumbered 0..n-1. */
export function orderScreenshots(input: ScreenshotInput[]): ScreenshotRow[] {
  return input
    .map((shot, index) => ({ shot, index, rank: shot.order ?? index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ shot }, position) => ({ url: shot.url, caption: shot.caption ?? null, position }));
}

/** Replaces an app's screenshots (call inside the transaction that changes the app). */
export async function replaceScreenshots(tx: Executor, appId: string, input: ScreenshotInput[]): Promise<ScreenshotRow[]> {
  await tx.delete(appScreenshots).where(eq(appScreenshots.appId, appId));
  const rows = orderScreenshots(input);
  await tx.insert(appScreenshots).values(rows.map((row) => ({ ...row, appId })));
  return rows;
}

/** Screenshots as rows of their own again, in their order (e.g. a revision's, to apply them). */
export const screenshotInputs = (rows: ScreenshotRow[]): ScreenshotInput[] =>
  rows.map((row) => ({ url: row.url, caption: row.caption, order: row.position }));
