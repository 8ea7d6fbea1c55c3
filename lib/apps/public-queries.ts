import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { paginate, type Page } from "@/db/paginate";
import { apps, developers } from "@/db/schema";
import type { AppEnvironment } from "@/lib/domain/enums";
import { notFound } from "@/lib/http";
import type { ListAppsQuery } from "@/lib/validation/public";

import { parseSearch, searchCondition } from "./public-search";
import { publicOrder, resolveSort } from "./public-sort";
import { withScreenshots } from "./screenshots";
import type { PublicAppRow } from "./views";

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

type RowsOptions = { db: Executor; where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number };

/** Public rows with their screenshots. */
async function publicRows({ db, where, orderBy, limit, offset = 0 }: RowsOptions): Promise<PublicAppRow[]> {
  const rows = await db
    .select(publicColumns)
    .from(apps)
    .innerJoin(developers, eq(developers.id, apps.developerId))
    .where(and(isPubliclyVisible, where))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  return withScreenshots(db, rows, (row) => row.app.id);
}

/** GET /api/apps: one page of public apps and how many match in all. */
export async function listPublicApps({ query }: { query: ListAppsQuery }): Promise<Page<PublicAppRow>> {
  const db = await getDb();
  const search = query.search === undefined ? undefined : parseSearch(query.search);
  const where = and(
    query.category === undefined ? undefined : eq(apps.category, query.category),
    query.environment === undefined ? undefined : eq(apps.environment, query.environment),
    query.featured === undefined ? undefined : eq(apps.featured, query.featured),
    search === undefined ? undefined : searchCondition(search),
  );
  const orderBy = publicOrder({ sort: resolveSort(query.sort, search), search });
  return paginate(query, {
    items: ({ limit, offset }) => publicRows({ db, where, orderBy, limit, offset }),
    total: async () => {
      const [counted] = await db
        .select({ total: count() })
        .from(apps)
        .innerJoin(developers, eq(developers.id, apps.developerId))
        .where(and(isPubliclyVisible, where));
      return counted?.total ?? 0;
    },
  });
}

/** One public app, or 404 for unknown slugs and apps that are not (or no longer) public. */
export async function getPublicApp({ slug }: { slug: string }): Promise<PublicAppRow> {
  const db = await getDb();
  const [app] = await publicRows({ db, where: eq(apps.slug, slug), orderBy: [], limit: 1 });
  if (!app) throw notFound("app");
  return app;
}

/**
 * The id of a public app, for writes that hang off it (installs, reviews); 404 otherwise.
 * `lock` takes the app row so writers of the same app's counters queue behind each other.
 */
export async function getPublicAppId({ slug, tx, lock = false }: { slug: string; tx?: Executor; lock?: boolean }): Promise<string> {
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
export async function listFeaturedApps({ limit, environment }: { limit: number; environment?: AppEnvironment }): Promise<PublicAppRow[]> {
  const db = await getDb();
  const where = and(eq(apps.featured, true), environment === undefined ? undefined : eq(apps.environment, environment));
  return publicRows({ db, where, orderBy: mostPopular, limit });
}

/** The most installed public apps (home page). */
export async function listPopularApps({ limit }: { limit: number }): Promise<PublicAppRow[]> {
  const db = await getDb();
  return publicRows({ db, where: undefined, orderBy: mostPopular, limit });
}
