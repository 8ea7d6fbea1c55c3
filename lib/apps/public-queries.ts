import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";

import { getDb } from "@/db/client";
import { appScreenshots, apps, developers } from "@/db/schema";

import { publicAppView, type PublicApp } from "./public-view";

/** Visible to the public: approved, and the developer is in good standing. */
export const isPubliclyVisible: SQL = and(eq(apps.status, "APPROVED"), eq(developers.status, "VERIFIED"))!;

const developerColumns = {
  name: developers.name,
  companyName: developers.companyName,
  websiteUrl: developers.websiteUrl,
};

/** Rows from a query over apps ⋈ developers → public views, with their screenshots in one more query. */
async function withScreenshots(
  rows: { app: typeof apps.$inferSelect; developer: { name: string; companyName: string | null; websiteUrl: string | null } }[],
): Promise<PublicApp[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const shots = await db
    .select({ appId: appScreenshots.appId, url: appScreenshots.url, caption: appScreenshots.caption, position: appScreenshots.position })
    .from(appScreenshots)
    .where(inArray(appScreenshots.appId, rows.map((row) => row.app.id)));
  return rows.map((row) =>
    publicAppView({ ...row, screenshots: shots.filter((shot) => shot.appId === row.app.id) }),
  );
}

export async function listFeaturedApps({ limit }: { limit: number }): Promise<PublicApp[]> {
  const db = await getDb();
  const rows = await db
    .select({ app: apps, developer: developerColumns })
    .from(apps)
    .innerJoin(developers, eq(developers.id, apps.developerId))
    .where(and(isPubliclyVisible, eq(apps.featured, true)))
    .orderBy(desc(apps.installCount), asc(apps.id))
    .limit(limit);
  return withScreenshots(rows);
}

export async function listPopularApps({ limit }: { limit: number }): Promise<PublicApp[]> {
  const db = await getDb();
  const rows = await db
    .select({ app: apps, developer: developerColumns })
    .from(apps)
    .innerJoin(developers, eq(developers.id, apps.developerId))
    .where(isPubliclyVisible)
    .orderBy(desc(apps.installCount), asc(apps.id))
    .limit(limit);
  return withScreenshots(rows);
}
