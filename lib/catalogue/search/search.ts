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
import { countedTotal } from "./totals";

// The catalogue search, in Postgres: `apps.search_document` (every word of a listing) and
// `apps.name_document` (its name alone), each with a GIN index over the public apps. A search's
// words become one tsquery in the database (`catalogue_query`, migration 0011), so the stemming
// is Postgres's own. Relevance: the apps whose name is the search first, then apps whose name
// holds every word, then the rest; most installed first within each.
//
// A page is found by walking a public sort index and testing each app (a word in 30,000 apps
// fills the first 20 within ~70 apps) or, when the walk finds too few, by sorting every match the
// GIN index finds (a word in 200 apps): `firstMatches` below. The statements are planned for their
// own values on every call (`getDbPlannedPerCall`, ./budget.ts), in one transaction under one time
// budget, and the statistics of both documents keep
// 10,000 of their most common words (migration 0011).

export type CataloguePage = { ids: string[]; total: number; totalIsExact: boolean };
export type SearchOptions = { search: PublicSearch; filters: CatalogueFilters; sort: PublicSort; offset: number; limit: number };

type PageRow = { id: string; version: string | number };

/**
 * A sorted page of matches: walk the sort's index testing each app, or collect every match the GIN
 * index finds and sort them. Both cost about one table row per app they touch: the walk
 * `reach ÷ (share of apps matching)`, the collection every match. The walk is cheaper exactly when
 * more than √(reach × candidates) apps match, so it goes that far and no further; if it found too
 * few, the matches are fewer than that and are collected. (The planner makes this choice itself
 * from its guess at how many apps match, but that guess has a floor, 0.5% of the catalogue for a
 * word without statistics, and its walk through a catalogue that barely matches visited every
 * app: 0.1–0.5 s at 100,000 apps, docs/benchmarks.md.)
 */
const SORT_COLUMNS = sql`${apps.id} as id, ${apps.activeInstallCount} as active_install_count, ${apps.averageRating} as average_rating,
  ${apps.reviewCount} as review_count, ${apps.publishedAt} as published_at, ${apps.name} as name`;

/** How many public apps pass the query's filters, from the kept counts (migration 0004). */
async function candidateCount(db: Database, { filters: { category, environment, featured } }: CatalogueQuery): Promise<number> {
  const cells = and(
    category === undefined ? undefined : eq(publicAppCounts.category, category),
    environment === undefined ? undefined : eq(publicAppCounts.environment, environment),
    featured === undefined ? undefined : eq(publicAppCounts.featured, featured),
  );
  const [row] = await queryRows<{ candidates: number }>(
    db,
    sql`select coalesce(sum(${publicAppCounts.apps}), 0)::int as candidates from ${publicAppCounts} ${cells ? sql`where ${cells}` : sql``}`,
  );
  return Number(row?.candidates ?? 0);
}

/**
 * `select <columns> from apps where <filters> and <condition> order by <order> limit <take> offset <skip>`,
 * in the form described above, among `candidates` public apps passing the filters. The walk's
 * length is a value the planner sees: given as a subquery, it planned for 10% of the catalogue,
 * which at 1,000,000 apps was a sort of every app (docs/benchmarks.md). `columns` and `order` name
 * the apps' sort columns only.
 */
function firstMatches(query: CatalogueQuery, condition: SQL, columns: SQL, order: SQL[], candidates: number, take: number, skip = 0): SQL {
  const reach = take + skip;
  const length = Math.max(2 * reach, Math.ceil(Math.sqrt(reach * candidates)));
  const orderBy = sql.join(order, sql`, `);
  return sql`(with walked as (select * from (select ${SORT_COLUMNS}, ${condition} as hit from ${apps} where ${publicWhere(query, sql`true`)}
                                order by ${orderBy} limit ${length}) as apps
                 where hit limit ${reach}),
      walk_answers as (select (select count(*) from walked) >= ${reach} or ${candidates <= length} as yes),
      matches as materialized (select ${SORT_COLUMNS} from ${apps} where ${publicWhere(query, condition)})
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
  offset: number,
  limit: number,
) {
  const condition = sql`(${matchesWords(query)} or ${isExactName(query)})`;
  const order = publicOrder({ sort, search: undefined });
  const page = firstMatches(query, condition, sql`${apps.id} as id`, order, candidates, limit, offset);
  return queryRows<PageRow>(db, sql`select id, ${currentVersion} as version from ${page} as page`);
}

/**
 * One page by relevance. Each tier's first `offset + limit` apps come from a LIMIT of its own,
 * most installed first: exact names (tier 0), names holding every word (1), and every match (2,
 * which repeats the apps of the others, up to `offset + limit` each, so it reaches three times as
 * far); each app keeps its first tier. No statement ranks every match.
 */
async function relevancePage(db: Database, query: CatalogueQuery, candidates: number, offset: number, limit: number): Promise<PageRow[]> {
  const reach = offset + limit;
  const tier = (rank: number, condition: SQL, take: number) =>
    sql`(select * from ${firstMatches(
      query,
      condition,
      sql`${apps.id} as id, ${rank}::int as tier, ${apps.activeInstallCount} as installs`,
      [sql`${apps.activeInstallCount} desc nulls first`, sql`${apps.id}`],
      candidates,
      take,
    )} as matches)`;
  // Exact names are a handful at most, found through the index on lower(name), then sorted. Apart
  // (materialized): with the ORDER BY beside it, the planner walked the popularity index looking
  // for the name, through every app when none has it (11 s at 1,000,000 apps).
  const exact = sql`(select id, 0 as tier, installs from named order by installs desc nulls first, id limit ${reach})`;
  const named = sql`(select ${apps.id} as id, ${apps.activeInstallCount} as installs from ${apps} where ${publicWhere(query, isExactName(query))})`;
  const rows = await queryRows<PageRow>(
    db,
    sql`with named as materialized ${named}, exact as ${exact}, in_name as ${tier(1, nameHoldsWords(query), reach)}
      select id, ${currentVersion} as version
      from (select distinct on (id) id, tier, installs
            from (select * from exact union all select * from in_name
                  union all ${tier(2, matchesWords(query), 3 * reach)}) as tiers
            order by id, tier) as ranked
      order by tier, installs desc nulls first, id
      limit ${limit} offset ${offset}`,
  );
  return rows;
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
    const candidates = await candidateCount(tx, query);
    await next();
    const rows =
      sort === "relevance"
        ? await relevancePage(tx, query, candidates, offset, limit)
        : await sortedPage(tx, query, sort, candidates, offset, limit);
    const version = rows[0] === undefined ? undefined : Number(rows[0].version);
    const { total, isExact } = await countedTotal(query, version, offset + rows.length, budget);
    return { ids: rows.map((row) => row.id), total, totalIsExact: isExact, version };
  });
}
