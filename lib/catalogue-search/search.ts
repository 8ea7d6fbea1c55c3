import { sql, type SQL } from "drizzle-orm";

import { getDbPlannedPerCall, queryRows, type Database } from "@/db/client";
import { apps } from "@/db/schema";
import type { PublicSearch } from "@/lib/apps/public-search";
import { publicOrder } from "@/lib/apps/public-sort";
import type { PublicSort } from "@/lib/validation/public";

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
import { countedTotal } from "./totals";

// The catalogue search, in Postgres: `apps.search_document` (every word of a listing) and
// `apps.name_document` (its name alone), each with a GIN index over the public apps. A search's
// words become one tsquery in the database (`catalogue_query`, migration 0011), so the stemming
// is Postgres's own. Relevance: the apps whose name is the search first, then apps whose name
// holds every word, then the rest; most installed first within each.
//
// A page is a LIMIT that the planner serves either by walking a public sort index in order and
// testing each app (a word in 30,000 apps: the first 20 come within ~70 apps) or by sorting the
// GIN index's matches (a word in 200 apps). Which one depends on the words, so these statements
// are planned for their own values on every call (`getDbPlannedPerCall`), and the statistics of
// both documents keep 10,000 of their most common words (migration 0011), so the planner can tell.

export type CataloguePage = { ids: string[]; total: number; totalIsExact: boolean };
type SearchOptions = { search: PublicSearch; filters: CatalogueFilters; sort: PublicSort; offset: number; limit: number };

type PageRow = { id: string; version: string | number };

/** One page in any order but relevance: every match (exact names included), in the sort's order. */
function sortedPage(db: Database, query: CatalogueQuery, sort: Exclude<PublicSort, "relevance">, offset: number, limit: number) {
  return db
    .select({ id: apps.id, version: currentVersion })
    .from(apps)
    .where(publicWhere(query, sql`(${matchesWords(query)} or ${isExactName(query)})`))
    .orderBy(...publicOrder({ sort, search: undefined }))
    .limit(limit)
    .offset(offset) as Promise<PageRow[]>;
}

/**
 * One page by relevance. Each tier's first `offset + limit` apps come from a LIMIT of its own,
 * most installed first: exact names (tier 0), names holding every word (1), and every match (2,
 * which repeats the apps of the others, so it reaches that much further); each app keeps its
 * first tier. No statement ranks every match.
 */
async function relevancePage(db: Database, query: CatalogueQuery, offset: number, limit: number): Promise<PageRow[]> {
  const reach = offset + limit;
  const tier = (rank: number, condition: SQL, take: SQL | number) =>
    sql`(select ${apps.id} as id, ${rank} as tier, ${apps.installCount} as installs from ${apps}
         where ${publicWhere(query, condition)}
         order by ${apps.installCount} desc nulls first, ${apps.id} limit ${take})`;
  const rows = await queryRows<PageRow>(
    db,
    sql`with exact as ${tier(0, isExactName(query), reach)}, in_name as ${tier(1, nameHoldsWords(query), reach)}
      select id, ${currentVersion} as version
      from (select distinct on (id) id, tier, installs
            from (select * from exact union all select * from in_name
                  union all ${tier(2, matchesWords(query), sql`${reach} + (select count(*) from exact) + (select count(*) from in_name)`)}) as tiers
            order by id, tier) as ranked
      order by tier, installs desc nulls first, id
      limit ${limit} offset ${offset}`,
  );
  return rows;
}

/** The ids of one page of public apps matching a search, in order, and how many match in all (exact up to a bound). */
export async function searchCatalogue({ search, filters, sort, offset, limit }: SearchOptions): Promise<CataloguePage> {
  const db = await getDbPlannedPerCall();
  const query = catalogueQuery(search, filters);
  const rows = sort === "relevance" ? await relevancePage(db, query, offset, limit) : await sortedPage(db, query, sort, offset, limit);
  const { total, isExact } = await countedTotal(db, query, rows[0] === undefined ? undefined : Number(rows[0].version));
  return { ids: rows.map((row) => row.id), total, totalIsExact: isExact };
}
