import { and, eq, sql, type SQL } from "drizzle-orm";

import { queryRows, type Database } from "@/db/client";
import { apps, publicAppCounts } from "@/db/schema";
import type { PublicSearch } from "../search-words";
import { publicOrder } from "../sorts";
import type { PublicSort } from "../schemas";

import {
  catalogueQuery,
  currentVersion,
  isExactName,
  matchesWords,
  nameHoldsWords,
  publicWhere,
  type CatalogueFilters,
  type CatalogueQuery,
} from "./query";
import { withinSearchBudget } from "./budget";
import { answeredTotal, countsAt, type Counts, type Total } from "./totals";

// The catalogue search, in Postgres: `apps.search_document` (every word of a listing) and
// `apps.name_document` (its name alone), each with a GIN index over the public apps. A search's
// words become one tsquery in the database (`catalogue_query`, migration 0011), so the stemming
// is Postgres's own. Relevance: the apps whose name is the search first, then apps whose name
// holds every word, then the rest; most installed first within each.
//
// A search counts its matches first (./totals.ts: exact up to 1,000, remembered per process), and
// the count decides how its page is found: by walking a public sort index and testing each app (a
// word in 30,000 apps fills the first 20 within ~70 apps), or by collecting every match the GIN
// index finds and sorting them (a word in 2,000 apps): `firstMatches` below. The statements are
// planned for their own values on every call (`plan_cache_mode`, ./budget.ts), in one
// transaction under one time budget.

export type CataloguePage = { ids: string[]; total: number; totalIsExact: boolean };
export type SearchOptions = { search: PublicSearch; filters: CatalogueFilters; sort: PublicSort; offset: number; limit: number };

type PageRow = { id: string; version: string | number };

const SORT_COLUMNS = sql`${apps.id} as id, ${apps.activeInstallCount} as active_install_count, ${apps.averageRating} as average_rating,
  ${apps.reviewCount} as review_count, ${apps.publishedAt} as published_at, ${apps.name} as name`;

/**
 * What testing one app in a walk costs against collecting one match: a walk reads apps in the
 * sort's order, each row on a page of its own, and tests its document (decompressed); the
 * collection reads the GIN index's matches in the table's order (docs/benchmarks.md, issue 49).
 */
const WALKED_PER_COLLECTED = 4;

/**
 * How the first `reach` apps of a condition are found among `candidates` public apps passing the
 * filters, when `matches` (an exact count, or a lower bound) says how many apps the condition
 * holds for: walking the sort's index costs ~`reach × candidates ÷ matches` apps tested,
 * collecting costs every match. With a count, the cheaper one, and a walk goes twice as far as
 * expected before it gives up and collects; without one (the count ran out of time), the walk
 * goes √(reach × candidates) apps, where both cost the same. (The planner makes this choice itself
 * from its guess at how many apps match, but that guess has a floor, 0.5% of the catalogue for a
 * word without statistics, and its walk through a catalogue that barely matches visited every
 * app: 0.1–0.5 s at 100,000 apps, docs/benchmarks.md.)
 */
function walkLength(reach: number, candidates: number, matches: Total | undefined): number | "collect" {
  if (matches === undefined) return Math.max(2 * reach, Math.ceil(Math.sqrt(reach * candidates)));
  const expected = (reach * candidates) / Math.max(1, matches.total);
  if (matches.isExact && matches.total <= WALKED_PER_COLLECTED * expected) return "collect";
  return Math.max(2 * reach, Math.ceil(2 * expected));
}

/** How many public apps pass the query's filters, from the kept counts (migration 0004), and the catalogue's version. */
async function candidateCount(db: Database, { filters: { category, environment, featured } }: CatalogueQuery) {
  const cells = and(
    category === undefined ? undefined : eq(publicAppCounts.category, category),
    environment === undefined ? undefined : eq(publicAppCounts.environment, environment),
    featured === undefined ? undefined : eq(publicAppCounts.featured, featured),
  );
  const [row] = await queryRows<{ candidates: number; version: string }>(
    db,
    sql`select coalesce(sum(${publicAppCounts.apps}), 0)::int as candidates, ${currentVersion} as version
        from ${publicAppCounts} ${cells ? sql`where ${cells}` : sql``}`,
  );
  return { candidates: Number(row?.candidates ?? 0), version: Number(row!.version) };
}

/**
 * `select <columns> from apps where <filters> and <condition> order by <order> limit <take> offset <skip>`,
 * in the form `walkLength` chooses, among `candidates` public apps passing the filters. The walk's
 * length is a value the planner sees: given as a subquery, it planned for 10% of the catalogue,
 * which at 1,000,000 apps was a sort of every app (docs/benchmarks.md). A walk that finds too few
 * collects the matches after all, so the answer never depends on the count. `columns` and `order`
 * name the apps' sort columns only.
 */
function firstMatches(
  query: CatalogueQuery,
  condition: SQL,
  { columns, order, candidates, matches }: { columns: SQL; order: SQL[]; candidates: number; matches: Total | undefined },
  take: number,
  skip = 0,
): SQL {
  const reach = take + skip;
  const length = walkLength(reach, candidates, matches);
  const orderBy = sql.join(order, sql`, `);
  const collected = sql`matches as materialized (select ${SORT_COLUMNS} from ${apps} where ${publicWhere(query, condition)})`;
  if (length === "collect") {
    return sql`(with ${collected} select ${columns} from matches as apps order by ${orderBy} limit ${take} offset ${skip})`;
  }
  return sql`(with walked as (select * from (select ${SORT_COLUMNS}, ${condition} as hit from ${apps} where ${publicWhere(query, sql`true`)}
                                order by ${orderBy} limit ${length}) as apps
                 where hit limit ${reach}),
      walk_answers as (select (select count(*) from walked) >= ${reach} or ${candidates <= length} as yes),
      ${collected}
    (select ${columns} from walked as apps where (select yes from walk_answers) order by ${orderBy} limit ${take} offset ${skip})
    union all
    (select ${columns} from matches as apps where not (select yes from walk_answers) order by ${orderBy} limit ${take} offset ${skip}))`;
}

/** One page in any order but relevance: every match (exact names included), in the sort's order. */
async function sortedPage(
  db: Database,
  query: CatalogueQuery,
  sort: Exclude<PublicSort, "relevance">,
  candidates: number,
  counts: Counts | undefined,
  offset: number,
  limit: number,
) {
  const condition = sql`(${matchesWords(query)} or ${isExactName(query)})`;
  const order = publicOrder({ sort, search: undefined });
  const page = firstMatches(query, condition, { columns: sql`${apps.id} as id`, order, candidates, matches: counts?.total }, limit, offset);
  return queryRows<PageRow>(db, sql`select id, ${currentVersion} as version from ${page} as page`);
}

/** How many apps match the words but do not hold them all in their name: relevance's third tier. */
function elsewhereOnly({ total, inName }: Counts): Total | undefined {
  if (!inName?.isExact) return undefined;
  return { total: Math.max(0, total.total - inName.total), isExact: total.isExact };
}

/**
 * One page by relevance. Each tier's first `offset + limit` apps come from a LIMIT of its own,
 * most installed first: exact names (tier 0), names holding every word (1) and the other matches
 * (2); the tiers are disjoint. No statement ranks every match.
 */
async function relevancePage(
  db: Database,
  query: CatalogueQuery,
  candidates: number,
  counts: Counts | undefined,
  offset: number,
  limit: number,
): Promise<PageRow[]> {
  const reach = offset + limit;
  const tier = (rank: number, condition: SQL, matches: Total | undefined) =>
    sql`(select * from ${firstMatches(
      query,
      condition,
      {
        columns: sql`${apps.id} as id, ${rank}::int as tier, ${apps.activeInstallCount} as installs`,
        order: [sql`${apps.activeInstallCount} desc nulls first`, sql`${apps.id}`],
        candidates,
        matches,
      },
      reach,
    )} as matches)`;
  // Exact names are a handful at most, found through the index on lower(name), then sorted. Apart
  // (materialized): with the ORDER BY beside it, the planner walked the popularity index looking
  // for the name, through every app when none has it (11 s at 1,000,000 apps).
  const named = sql`(select ${apps.id} as id, ${apps.activeInstallCount} as installs from ${apps} where ${publicWhere(query, isExactName(query))})`;
  const exact = sql`(select id, 0 as tier, installs from named order by installs desc nulls first, id limit ${reach})`;
  const notNamed = sql`${apps.id} not in (select id from named)`;
  const inName = sql`(${nameHoldsWords(query)} and ${notNamed})`;
  const elsewhere = sql`(${matchesWords(query)} and not coalesce(${nameHoldsWords(query)}, false) and ${notNamed})`;
  return queryRows<PageRow>(
    db,
    sql`with named as materialized ${named}, exact as ${exact}
      select id, ${currentVersion} as version
      from (select * from exact
            union all ${tier(1, inName, counts?.inName)}
            union all ${tier(2, elsewhere, counts && elsewhereOnly(counts))}) as ranked
      order by tier, installs desc nulls first, id
      limit ${limit} offset ${offset}`,
  );
}

/**
 * The ids of one page of public apps matching a search, in order, how many match in all (exact up
 * to a bound), and the catalogue version the page was read at (undefined for a page without apps).
 */
export async function searchCatalogue({
  search,
  filters,
  sort,
  offset,
  limit,
}: SearchOptions): Promise<CataloguePage & { version?: number }> {
  const query = catalogueQuery(search, filters);
  return withinSearchBudget(async (budget) => {
    const { tx, next } = budget;
    const { candidates, version: current } = await candidateCount(tx, query);
    const needs = { inName: sort === "relevance" };
    const counts = await countsAt(query, current, budget, needs);
    next();
    const rows =
      sort === "relevance"
        ? await relevancePage(tx, query, candidates, counts, offset, limit)
        : await sortedPage(tx, query, sort, candidates, counts, offset, limit);
    const version = rows[0] === undefined ? undefined : Number(rows[0].version);
    // A change between the count and the page: counted again, at the page's version.
    const answered = version === undefined || version === current ? counts : await countsAt(query, version, budget, needs);
    const total = answeredTotal(answered, offset + rows.length);
    return { ids: rows.map((row) => row.id), total: total.total, totalIsExact: total.isExact, version };
  });
}
