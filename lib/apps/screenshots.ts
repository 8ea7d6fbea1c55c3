import { eq, inArray } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { appScreenshots, type AppScreenshot } from "@/db/schema";
import type { ScreenshotInput } from "@/lib/validation/apps";

// The one place screenshots are read and written.

export type ScreenshotRow = Pick<AppScreenshot, "url" | "caption" | "position">;

/** Attaches each row's screenshots, in one query for the whole set. */
export async function withScreenshots<T>(db: Executor, rows: T[], idOf: (row: T) => string): Promise<(T & { screenshots: ScreenshotRow[] })[]> {
  if (rows.length === 0) return [];
  const shots = await db
    .select({ appId: appScreenshots.appId, url: appScreenshots.url, caption: appScreenshots.caption, position: appScreenshots.position })
    .from(appScreenshots)
    .where(inArray(appScreenshots.appId, rows.map(idOf)));
  const byApp = new Map<string, ScreenshotRow[]>();
  for (const { appId, ...shot } of shots) byApp.set(appId, [...(byApp.get(appId) ?? []), shot]);
  return rows.map((row) => ({ ...row, screenshots: byApp.get(idOf(row)) ?? [] }));
}

/** Missing `order` means the position in the array; positions are renumbered 0..n-1. */
function screenshotRows(appId: string, input: ScreenshotInput[]) {
  return input
    .map((shot, index) => ({ shot, index, rank: shot.order ?? index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ shot }, position) => ({ appId, url: shot.url, caption: shot.caption ?? null, position }));
}

/** Replaces an app's screenshots (call inside the transaction that changes the app). */
export async function replaceScreenshots(tx: Executor, appId: string, input: ScreenshotInput[]): Promise<ScreenshotRow[]> {
  await tx.delete(appScreenshots).where(eq(appScreenshots.appId, appId));
  const rows = screenshotRows(appId, input);
  await tx.insert(appScreenshots).values(rows);
  return rows;
}
