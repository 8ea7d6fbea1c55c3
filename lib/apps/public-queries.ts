import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { appScreenshots, apps, developers } from "@/db/schema";
import type { AppEnvironment } from "@/lib/domain/enums";
import { notFound, offsetOf } from "@/lib/http";
import { slugParam, type ListAppsQuery } from "@/lib/validation/public";

import { parseSearch, searchCondition } from "./public-search";
import { publicOrder, resolveSort } from "./public-sort";
import { publicAppView, type PublicApp, type PublicAppFields, type PublicDeveloperFields } from "./public-view";

/** Visible to the public: approved, and the developer is in good standing. Needs the developers join. */
export const isPubliclyVisible: SQL = and(eq(apps.status, "APPROVED"), eq(developers.status, "VERIFIED"))!;

// Exactly what publicAppView reads, plus the id to attach screenshots: reviewer notes, the search
// document and other internals are never even selected.
const publicColumns = {
  app: {
    id: apps.id,
    slug: apps.slug,
    name: apps.name,
    description: apps.description,
    longDescription: apps.longDescription,
    category: apps.category,
    environment: apps.environment,
    logoUrl: apps.logoUrl,
    bannerUrl: apps.bannerUrl,
    websiteUrl: apps.websiteUrl,
    featured: apps.featured,
    installCount: apps.installCount,
    reviewCount: apps.reviewCount,
    averageRating: apps.averageRating,
    publishedAt: apps.publishedAt,
    updatedAt: apps.updatedAt,
  },
  developer: { name: developers.name, companyName: developers.companyName, websiteUrl: developers.websiteUrl },
};

type PublicRow = { app: PublicAppFields & { id: string }; developer: PublicDeveloperFields };

type RowsOptions = { db: Executor; where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number };

async function publicRows({ db, where, orderBy, limit, offset = 0 }: RowsOptions) {
  return db
    .select(publicColumns)
    .from(apps)
    .innerJoin(developers, eq(developers.id, apps.developerId))
    .where(and(isPubliclyVisible, where))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** Rows → public views, with their screenshots in one more query. */
async function withScreenshots(db: Executor, rows: PublicRow[]): Promise<PublicApp[]> {
  if (rows.length === 0) return [];
  const shots = await db
    .select({ appId: appScreenshots.appId, url: appScreenshots.url, caption: appScreenshots.caption, position: appScreenshots.position })
    .from(appScreenshots)
    .where(inArray(appScreenshots.appId, rows.map((row) => row.app.id)));
  return rows.map((row) => publicAppView({ ...row, screenshots: shots.filter((shot) => shot.appId === row.app.id) }));
}

/** GET /api/apps: one page of public apps and how many match in all. */
export async function listPublicApps({ query }: { query: ListAppsQuery }): Promise<{ apps: PublicApp[]; total: number }> {
  const db = await getDb();
  const search = query.search === undefined ? undefined : parseSearch(query.search);
  const where = and(
    query.category === undefined ? undefined : eq(apps.category, query.category),
    query.environment === undefined ? undefined : eq(apps.environment, query.environment),
    query.featured === undefined ? undefined : eq(apps.featured, query.featured),
    search === undefined ? undefined : searchCondition(search),
  );
  const orderBy = publicOrder({ sort: resolveSort(query.sort, search), search });
  const [rows, [counted]] = await Promise.all([
    publicRows({ db, where, orderBy, limit: query.limit, offset: offsetOf(query) }),
    db
      .select({ total: count() })
      .from(apps)
      .innerJoin(developers, eq(developers.id, apps.developerId))
      .where(and(isPubliclyVisible, where)),
  ]);
  return { apps: await withScreenshots(db, rows), total: counted?.total ?? 0 };
}

/** One public app, or 404 for unknown slugs and apps that are not (or no longer) public. */
export async function getPublicApp({ slug }: { slug: string }): Promise<PublicApp> {
  if (!slugParam.safeParse(slug).success) throw notFound("app");
  const db = await getDb();
  const rows = await publicRows({ db, where: eq(apps.slug, slug), orderBy: [], limit: 1 });
  const [app] = await withScreenshots(db, rows);
  if (!app) throw notFound("app");
  return app;
}

/**
 * The id of a public app, for writes that hang off it (installs, reviews); 404 otherwise.
 * `lock` takes the app row so writers of the same app's counters queue behind each other.
 */
export async function getPublicAppId({ slug, tx, lock = false }: { slug: string; tx?: Executor; lock?: boolean }): Promise<string> {
  if (!slugParam.safeParse(slug).success) throw notFound("app");
  const db = tx ?? (await getDb());
  const query = db
    .select({ id: apps.id })
    .from(apps)
    .innerJoin(developers, eq(developers.id, apps.developerId))
    .where(and(isPubliclyVisible, eq(apps.slug, slug)));
  // "no key update" leaves concurrent installs' foreign-key checks (key share) unblocked.
  const [row] = lock ? await query.for("no key update", { of: apps }) : await query;
  if (!row) throw notFound("app");
  return row.id;
}

const mostPopular = [desc(apps.installCount), asc(apps.id)];

/** Featured public apps, most installed first. */
export async function listFeaturedApps({ limit, environment }: { limit: number; environment?: AppEnvironment }): Promise<PublicApp[]> {
  const db = await getDb();
  const where = and(eq(apps.featured, true), environment === undefined ? undefined : eq(apps.environment, environment));
  return withScreenshots(db, await publicRows({ db, where, orderBy: mostPopular, limit }));
}

/** The most installed public apps (home page). */
export async function listPopularApps({ limit }: { limit: number }): Promise<PublicApp[]> {
  const db = await getDb();
  return withScreenshots(db, await publicRows({ db, where: undefined, orderBy: mostPopular, limit }));
}
