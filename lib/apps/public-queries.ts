import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";

import { getDb, type Executor } from "@/db/client";
import { paginate, type Page } from "@/db/paginate";
import { apps, developers, publicAppCounts } from "@/db/schema";
import type { AppCategory, AppEnvironment } from "@/lib/domain/enums";
import { searchCatalogue } from "@/lib/catalogue-search/search";
import { notFound } from "@/lib/http";
import { offsetOf } from "@/lib/http/paging";
import type { ListAppsQuery } from "@/lib/validation/public";

import { lookalikeCondition, nameSimilarity, parseSearch } from "./public-search";
import { publicOrder, resolveSort } from "./public-sort";
import { screenshotsOf } from "./screenshots";
import type { PublicAppRow } from "./views";

// Public reads filter on `apps.public` (APPROVED and the developer VERIFIED, kept by the database:
// migration 0004_public_visibility), so they need no join to decide visibility, and each sort has
// a partial index WHERE public (db/schema.ts). `total` comes from the exact per-cell counts of
// public_app_counts, or, with a search, from counting the matches through the search index.

/** Visible to the public. The partial indexes are defined with exactly this predicate. */
const isPublic: SQL = sql`${apps.public}`;

// Exactly what publicAppView reads: reviewer notes, the search document and other internals are
// never even selected.
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
    version: apps.version,
    changelog: apps.changelog,
    reviewCount: apps.reviewCount,
    averageRating: apps.averageRating,
    publishedAt: apps.publishedAt,
    updatedAt: apps.updatedAt,
  },
  developer: { id: developers.id, name: developers.name, companyName: developers.companyName, websiteUrl: developers.websiteUrl },
  screenshots: screenshotsOf(apps.id),
};

type RowsOptions = { db: Executor; where: SQL | undefined; orderBy: SQL[]; limit: number; offset?: number };

/**
 * Public rows with their developer and screenshots, in one statement. The page is chosen first
 * from `apps` alone (an index range scan for every sort), so only its rows are joined.
 */
async function publicRows({ db, where, orderBy, limit, offset = 0 }: RowsOptions): Promise<PublicAppRow[]> {
  const page = db
    .select({ id: apps.id })
    .from(apps)
    .where(and(isPublic, where))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset)
    .as("page");
  return db
    .select(publicColumns)
    .from(page)
    .innerJoin(apps, eq(apps.id, page.id))
    .innerJoin(developers, eq(developers.id, apps.developerId))
    .orderBy(...orderBy);
}

/** The public rows of these apps, in this order (an app that stopped being public since is left out). */
async function publicRowsInOrder(db: Executor, ids: string[]): Promise<PublicAppRow[]> {
  if (ids.length === 0) return [];
  const rows = await publicRows({ db, where: inArray(apps.id, ids), orderBy: [], limit: ids.length });
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.app.id)! - position.get(b.app.id)!);
}

type Filters = { category?: AppCategory; environment?: AppEnvironment; featured?: boolean };

/** The filters of a public list, on `apps` or on the counts table (both have the three columns). */
function filterOn(table: typeof apps | typeof publicAppCounts, { category, environment, featured }: Filters): SQL | undefined {
  return and(
    category === undefined ? undefined : eq(table.category, category),
    environment === undefined ? undefined : eq(table.environment, environment),
    featured === undefined ? undefined : eq(table.featured, featured),
  );
}

/** How many public apps pass the filters: a sum over at most 60 count cells. */
async function countPublic(db: Executor, filters: Filters): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${publicAppCounts.apps}), 0)::int` })
    .from(publicAppCounts)
    .where(filterOn(publicAppCounts, filters));
  return Number(row?.total ?? 0);
}

/** GET /api/apps: one page of public apps and how many match in all. */
export async function listPublicApps({ query }: { query: ListAppsQuery }): Promise<Page<PublicAppRow>> {
  const db = await getDb();
  const search = query.search === undefined ? undefined : parseSearch(query.search);
  const filters = filterOn(apps, query);
  const orderBy = publicOrder({ sort: resolveSort(query.sort, search), search });
  const pageOf = (where: SQL | undefined, total: () => Promise<number>) =>
    paginate(query, { items: ({ limit, offset }) => publicRows({ db, where, orderBy, limit, offset }), total });
  const countMatches = async (where: SQL | undefined) => {
    const [counted] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(apps)
      .where(and(isPublic, where));
    return Number(counted?.total ?? 0);
  };

  if (search === undefined) return pageOf(filters, () => countPublic(db, query));
  const { category, environment, featured, limit } = query;
  const found = await searchCatalogue(db, {
    search,
    filters: { category, environment, featured },
    sort: resolveSort(query.sort, search),
    offset: offsetOf(query),
    limit,
  });
  // Typo tolerance only when the words themselves match nothing: names that look like the search.
  const lookalike = lookalikeCondition(search);
  if (found.total > 0 || lookalike === undefined) {
    const items = await publicRowsInOrder(db, found.ids);
    return { items, total: found.total, totalPages: Math.ceil(found.total / limit), page: query.page, limit };
  }
  const lookalikes = and(filters, lookalike);
  return pageOf(lookalikes, () => countMatches(lookalikes));
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
    .where(and(isPublic, eq(apps.slug, slug)));
  // "no key update" leaves concurrent installs' foreign-key checks (key share) unblocked.
  const [row] = lock ? await query.for("no key update") : await query;
  if (!row) throw notFound("app");
  return row.id;
}

const mostPopular = [desc(apps.installCount), asc(apps.id)];

/** Featured public apps, most installed first. */
export async function listFeaturedApps({ limit, environment }: { limit: number; environment?: AppEnvironment }): Promise<PublicAppRow[]> {
  const db = await getDb();
  return publicRows({ db, where: filterOn(apps, { featured: true, environment }), orderBy: mostPopular, limit });
}

/** A developer's public apps, most installed first (their public page). */
export async function listPublicAppsOfDeveloper({ developerId, limit }: { developerId: string; limit: number }): Promise<PublicAppRow[]> {
  const db = await getDb();
  return publicRows({ db, where: eq(apps.developerId, developerId), orderBy: mostPopular, limit });
}

/** The most installed public apps (home page). */
export async function listPopularApps({ limit }: { limit: number }): Promise<PublicAppRow[]> {
  const db = await getDb();
  return publicRows({ db, where: undefined, orderBy: mostPopular, limit });
}

/** Public apps per category, from the count cells. */
export async function countPublicByCategory(): Promise<Map<AppCategory, number>> {
  const db = await getDb();
  const rows = await db
    .select({ category: publicAppCounts.category, count: sql<number>`sum(${publicAppCounts.apps})::int` })
    .from(publicAppCounts)
    .groupBy(publicAppCounts.category);
  return new Map(rows.map((row) => [row.category, Number(row.count)]));
}

/** Below this, a name is too unlike a search to be offered as "did you mean". */
const SUGGESTION_SIMILARITY = 0.3;

/**
 * "Did you mean": the public app name most like a search that found nothing, if one is close
 * enough. Only asked after an empty result, so its scan of the names is not on the common path.
 */
export async function closestPublicName(search: string): Promise<string | undefined> {
  const parsed = parseSearch(search);
  if (parsed.words.length === 0) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ name: apps.name })
    .from(apps)
    .where(and(isPublic, sql`${nameSimilarity(parsed)} >= ${SUGGESTION_SIMILARITY}`))
    .orderBy(sql`${nameSimilarity(parsed)} desc`, asc(apps.id))
    .limit(1);
  return row?.name;
}
