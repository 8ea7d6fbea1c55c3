import { and, eq, sql, type SQL } from "drizzle-orm";

import { getDb, getListDb, type Executor } from "@/db/client";
import { pageOf, type Page } from "@/db/paginate";
import { PUBLIC_SORT_ORDERS } from "@/db/public-sorts";
import { apps, developers, publicAppCounts } from "@/db/schema";
import { builtOnce } from "@/db/statements";
import { screenshotsOf } from "@/lib/apps/screenshots";
import type { PublicAppCard, PublicAppRow } from "@/lib/apps/views";
import type { AppCategory, AppEnvironment, AppVisibility } from "@/lib/core/enums";
import { notFound } from "@/lib/core/errors";
import { offsetOf } from "@/lib/core/paging";
import type { ListAppsQuery, PublicSort } from "./schemas";

import { publicAppCardJson, publicAppJson, publicListingColumns } from "./public-json";
import { currentVersion } from "./search/query";
import { admitSearch } from "./search/admission";
import { withinSearchBudget } from "./search/budget";
import { searchWithApps } from "./search/remembered";
import type { SearchOptions } from "./search/search";
import { lookalikeCondition, parseSearch } from "./search-words";
import { publicOrder, resolveSort } from "./sorts";
import { reachableBy, type Visitor } from "./reach";

// Public reads filter on `apps.public` (APPROVED, visibility PUBLIC and the developer VERIFIED, kept
// by the database: migrations 0004_public_visibility and 0090, docs/visibility.md), so they need no
// join to decide visibility, and each sort has a partial index WHERE public (db/schema.ts). `total` comes from the exact per-cell counts of
// public_app_counts, or, with a search, from lib/catalogue/search (exact up to 1,000).

/**
 * Visible to the public. The partial indexes are defined with exactly this predicate; every public
 * read decides visibility with it (./related.ts too), so a change here covers them all.
 */
export const isPublic: SQL = sql`${apps.public}`;

// Exactly what publicAppView reads: reviewer notes, the search document and other internals are
// never even selected.
const publicColumns = {
  app: {
    id: apps.id,
    slug: apps.slug,
    ...publicListingColumns,
    featured: apps.featured,
    installCount: apps.installCount,
    activeInstallCount: apps.activeInstallCount,
    version: apps.version,
    changelog: apps.changelog,
    reviewCount: apps.reviewCount,
    averageRating: apps.averageRating,
    publishedAt: apps.publishedAt,
    updatedAt: apps.updatedAt,
  },
  developer: { id: developers.id, name: developers.name, companyName: developers.companyName, websiteUrl: developers.websiteUrl },
  screenshots: screenshotsOf(apps.id, { hosted: true }),
};

/** The shape of a public-rows statement: its conditions and order, with placeholders for values. */
type RowsShape = {
  /** Names the shape among those built for a database; undefined: built for this call only. */
  key?: string;
  where?: () => SQL | undefined;
  orderBy?: () => SQL[];
  /** A column with the list's `total`, computed in the same statement. */
  total?: () => SQL<number>;
  /** A column with the catalogue version (migration 0011) the statement read its rows at. */
  version?: () => SQL<string>;
  /** Which apps the statement may see instead of the public ones (a read by slug outside the catalogue: ./reach.ts). */
  visible?: () => SQL;
};
type RowsValues = { limit: number; offset?: number } & Record<string, unknown>;
type RowsStatement = { execute: (values: Record<string, unknown>) => Promise<unknown> };

type FetchedRow = { app: { id: string }; json?: string; total?: number; version?: string; visibility?: AppVisibility };

/**
 * How a public read hands back each app: its columns and how a fetched row becomes the item. Every
 * read takes one of the three below (`listPublicApps({ query }, asJson)`).
 */
export type PublicReader<Item> = { name: string; columns: () => Record<string, unknown>; item: (row: FetchedRow) => Item };

/** The app's rows: the app page builds its view from them (`publicAppView`). */
export const asRows: PublicReader<PublicAppRow> = {
  name: "rows",
  columns: () => publicColumns,
  item: (row) => row as unknown as PublicAppRow,
};
/** The app's JSON text, which the API sends as it is (./public-json.ts). */
export const asJson: PublicReader<string> = {
  name: "json",
  columns: () => ({ app: { id: apps.id }, json: publicAppJson }),
  item: (row) => row.json!,
};
/** The app's card, for the pages' grids (./public-json.ts). */
export const asCards: PublicReader<PublicAppCard> = {
  name: "card",
  columns: () => ({ app: { id: apps.id }, json: publicAppCardJson }),
  item: (row) => JSON.parse(row.json!) as PublicAppCard,
};

const value = (name: string) => sql.placeholder(name);

/**
 * Public rows with their developer and screenshots, in one statement. The page is chosen first
 * from `apps` alone (an index range scan for every sort), so only its rows are joined. Each named
 * shape is built once per database (`builtOnce`).
 */
async function publicRows<Item>(
  db: Executor,
  reader: PublicReader<Item>,
  shape: RowsShape,
  { offset = 0, ...values }: RowsValues,
): Promise<{
  items: Item[];
  appIds: string[];
  total: number | undefined;
  version: number | undefined;
  visibility: AppVisibility | undefined;
}> {
  const key = shape.key === undefined ? undefined : `${reader.name}:${shape.key}`;
  const build = (): RowsStatement => {
    const orderBy = shape.orderBy?.() ?? [];
    const page = db
      .select({ id: apps.id })
      .from(apps)
      .where(and(shape.visible?.() ?? isPublic, shape.where?.()))
      .orderBy(...orderBy)
      .limit(value("limit"))
      .offset(value("offset"))
      .as("page");
    return db
      .select({
        ...(reader.columns() as typeof publicColumns),
        ...(shape.total && { total: shape.total() }),
        ...(shape.version && { version: shape.version() }),
        ...(shape.visible && { visibility: apps.visibility }),
      })
      .from(page)
      .innerJoin(apps, eq(apps.id, page.id))
      .innerJoin(developers, eq(developers.id, apps.developerId))
      .orderBy(...orderBy)
      .prepare(`public_rows_${key ?? "once"}`);
  };
  const statement = key === undefined ? build() : builtOnce("public-rows-statements", db, key, build);
  const rows = (await statement.execute({ ...values, offset })) as FetchedRow[];
  if (values.ids) {
    // Rows by id come in any order: put them in the order asked.
    const position = new Map((values.ids as string[]).map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.app.id)! - position.get(b.app.id)!);
  }
  const items = rows.map(({ total: _total, version: _version, visibility: _visibility, ...row }) => reader.item(row));
  // A page past the end has no row to carry the total.
  const version = rows[0]?.version === undefined ? undefined : Number(rows[0].version);
  return { items, appIds: rows.map((row) => row.app.id), total: rows[0]?.total, version, visibility: rows[0]?.visibility };
}

/**
 * These public apps, in this order (an app that stopped being public since is left out), and the
 * catalogue version they were read at (undefined when none is left).
 */
export async function publicAppsInOrder<Item>(db: Executor, reader: PublicReader<Item>, ids: string[]) {
  if (ids.length === 0) return { items: [], appIds: [], version: undefined };
  const shape = { key: "ids", where: () => sql`${apps.id} = any(${value("ids")}::uuid[])`, version: () => currentVersion };
  const { items, appIds, version } = await publicRows(db, reader, shape, { ids, limit: ids.length });
  return { items, appIds, version };
}

type Filters = { category?: AppCategory; environment?: AppEnvironment; featured?: boolean };

/**
 * The filters of a public list, on `apps` or on the counts table (both have the three columns):
 * category and environment as placeholders, `featured` written out, so that a plan made once
 * (db/client.ts, plannedOnceSettings) can still prove the featured lists' partial indexes apply.
 */
function filterOn(table: typeof apps | typeof publicAppCounts, { category, environment, featured }: Filters): SQL | undefined {
  return and(
    category === undefined ? undefined : eq(table.category, value("category")),
    environment === undefined ? undefined : eq(table.environment, value("environment")),
    featured === undefined ? undefined : featured ? sql`${table.featured}` : sql`not ${table.featured}`,
  );
}

/** The values of the filters that are placeholders in `filterOn`. */
const filterValues = ({ category, environment }: Filters) =>
  Object.fromEntries(Object.entries({ category, environment }).filter(([, each]) => each !== undefined));

/** Names which filters are set, and `featured`'s value: statements differ by that, not by the other values. */
const filterKey = ({ category, environment, featured }: Filters) =>
  [category, environment].map((each) => (each === undefined ? "-" : "+")).join("") + (featured === undefined ? "-" : featured ? "t" : "f");

/** How many public apps pass the filters: a sum over at most 60 count cells. */
const countCells = (filters: Filters) =>
  sql<number>`(select coalesce(sum(${publicAppCounts.apps}), 0)::int from ${publicAppCounts} where ${filterOn(publicAppCounts, filters) ?? sql`true`})`;

async function countPublic(db: Executor, filters: Filters): Promise<number> {
  const [row] = await db
    .select({ total: countCells(filters) })
    .from(sql`(select 1) as one`)
    .prepare("count_public")
    .execute(filterValues(filters));
  return Number(row?.total ?? 0);
}

/** Public apps as a list shows them, with the ids of the apps shown (for the impressions they make). */
export type Shown<Item> = { items: Item[]; appIds: string[] };

/** A list without a search: the page and its total (from the count cells) in one statement. */
async function listPage<Item>(
  db: Executor,
  reader: PublicReader<Item>,
  query: ListAppsQuery,
  sort: PublicSort,
): Promise<Page<Item> & Shown<Item>> {
  const shape = {
    key: `list:${sort}:${filterKey(query)}`,
    where: () => filterOn(apps, query),
    orderBy: () => publicOrder({ sort, search: undefined }),
    total: () => countCells(query),
  };
  const { items, appIds, total } = await publicRows(db, reader, shape, {
    ...filterValues(query),
    limit: query.limit,
    offset: offsetOf(query),
  });
  return { ...pageOf(query, items, total ?? (await countPublic(db, query)), true), appIds };
}

/** The search a list query asks for, as the search line and its memories key it; undefined for a list without `search`. */
export function searchOptionsOf(query: ListAppsQuery): SearchOptions | undefined {
  if (query.search === undefined) return undefined;
  const search = parseSearch(query.search);
  const { category, environment, featured, limit } = query;
  return { search, filters: { category, environment, featured }, sort: resolveSort(query.sort, search), offset: offsetOf(query), limit };
}

/**
 * GET /api/apps and the browse page: one page of public apps and how many match in all. `client`
 * (its address or /64, lib/core/client-address.ts) pays for a search not remembered
 * (lib/catalogue/search/admission.ts).
 */
export async function listPublicApps<Item>(
  { query, client }: { query: ListAppsQuery; client: string },
  reader: PublicReader<Item>,
): Promise<Page<Item> & Shown<Item>> {
  const db = await getDb();
  const options = searchOptionsOf(query);
  if (options === undefined) return listPage(await getListDb(), reader, query, resolveSort(query.sort, undefined));

  const { search, filters, sort, limit } = options;
  let shownIds: string[] = [];
  const { page: found, items: matches } = await searchWithApps(
    options,
    async (ids) => {
      const inOrder = await publicAppsInOrder(db, reader, ids);
      shownIds = inOrder.appIds;
      return inOrder;
    },
    client,
  );
  // Typo tolerance only when the words themselves match nothing: names that look like the search.
  const lookalike = lookalikeCondition(search);
  if (found.total > 0 || lookalike === undefined) return { ...pageOf(query, matches, found.total, found.totalIsExact), appIds: shownIds };
  const lookalikes = () => and(filterOn(apps, filters), lookalike);
  const orderBy = () => publicOrder({ sort, search });
  // A search of its own (the trigram index's posting lists grow with the catalogue): in the same
  // line and under the same kind of time budget, not counted again against the client's quota.
  const { items, appIds, total } = await admitSearch(
    client,
    () =>
      withinSearchBudget(async ({ tx, next }) => {
        const rows = await publicRows(
          tx,
          reader,
          { where: lookalikes, orderBy },
          { ...filterValues(filters), limit, offset: offsetOf(query) },
        );
        next();
        const [counted] = await tx
          .select({ total: sql<number>`count(*)::int` })
          .from(apps)
          .where(and(isPublic, lookalikes()))
          .prepare("count_lookalikes")
          .execute(filterValues(filters));
        return { ...rows, total: Number(counted?.total ?? 0) };
      }),
    { counted: false },
  );
  return { ...pageOf(query, items, total, true), appIds };
}

/** One public app, or 404 for unknown slugs and apps that are not (or no longer) public. */
export async function getPublicApp<Item>({ slug }: { slug: string }, reader: PublicReader<Item>): Promise<Item> {
  const db = await getDb();
  const shape = { key: "slug", where: () => eq(apps.slug, value("slug")) };
  const [app] = (await publicRows(db, reader, shape, { slug, limit: 1 })).items;
  if (!app) throw notFound("app");
  return app;
}

/** One app found by its slug, and its visibility: the app page marks a PRIVATE one "Test build". */
export type Reached<Item> = { item: Item; visibility: AppVisibility };

/**
 * One app by its slug as `visitor` reaches it (./reach.ts): a public app by the public path (one
 * prepared statement); otherwise an UNLISTED app for anyone and a PRIVATE one for its publisher's
 * members and testers. `visitor` is asked only then (an API read looks at credentials only for a
 * slug outside the catalogue). 404 otherwise, as if it did not exist.
 */
export async function getReachableApp<Item>(
  { slug, visitor }: { slug: string; visitor: () => Promise<Visitor> | Visitor },
  reader: PublicReader<Item>,
): Promise<Reached<Item>> {
  const db = await getDb();
  const shape = { key: "slug", where: () => eq(apps.slug, value("slug")) };
  const [listed] = (await publicRows(db, reader, shape, { slug, limit: 1 })).items;
  if (listed !== undefined) return { item: listed, visibility: "PUBLIC" };
  const who = await visitor();
  const reach = { where: () => eq(apps.slug, slug), visible: () => reachableBy(who) };
  const { items, visibility } = await publicRows(db, reader, reach, { limit: 1 });
  if (items[0] === undefined || visibility === undefined) throw notFound("app");
  return { item: items[0], visibility };
}

/**
 * The id of a public app, for writes that hang off it (installs, reviews); 404 otherwise. With a
 * `visitor`, of an app they reach (./reach.ts): the app page's "Installed in …" of a test build.
 * `lock` takes the app row so writers of the same app's counters queue behind each other.
 */
export async function getPublicAppId({
  slug,
  tx,
  lock = false,
  visitor,
}: {
  slug: string;
  tx?: Executor;
  lock?: boolean;
  visitor?: Visitor;
}): Promise<string> {
  const db = tx ?? (await getDb());
  const query = db
    .select({ id: apps.id })
    .from(apps)
    .where(and(visitor === undefined ? isPublic : reachableBy(visitor), eq(apps.slug, slug)));
  // "no key update" leaves concurrent installs' foreign-key checks (key share) unblocked.
  const [row] = lock ? await query.for("no key update") : await query;
  if (!row) throw notFound("app");
  return row.id;
}

const mostPopular = () => PUBLIC_SORT_ORDERS.popular(apps);

/** Featured public apps, most installed first. */
export async function listFeaturedApps<Item>(
  { limit, environment }: { limit: number; environment?: AppEnvironment },
  reader: PublicReader<Item>,
): Promise<Shown<Item>> {
  const db = await getDb();
  const filters = { featured: true, environment };
  const shape = { key: `featured:${filterKey(filters)}`, where: () => filterOn(apps, filters), orderBy: mostPopular };
  return publicRows(db, reader, shape, { ...filterValues(filters), limit });
}

/** A developer's public apps, most installed first (their public page). */
export async function listPublicAppsOfDeveloper<Item>(
  { developerId, limit }: { developerId: string; limit: number },
  reader: PublicReader<Item>,
): Promise<Shown<Item>> {
  const db = await getDb();
  const shape = { key: "developer", where: () => eq(apps.developerId, value("developerId")), orderBy: mostPopular };
  return publicRows(db, reader, shape, { developerId, limit });
}

/** The most installed public apps (home page). */
export async function listPopularApps<Item>({ limit }: { limit: number }, reader: PublicReader<Item>): Promise<Shown<Item>> {
  const db = await getDb();
  return publicRows(db, reader, { key: "popular", orderBy: mostPopular }, { limit });
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
