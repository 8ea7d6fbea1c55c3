import { sql } from "drizzle-orm";

import { getDb, queryRows } from "@/db/client";

import type { DayRange } from "./range";
import type { SearchTerms } from "./schemas";

/**
 * A term is shown only once this many clients searched it in the range, so that no one person's
 * search can be read off the list. A client is a keyed hash of its address that changes each day
 * (lib/analytics/clients.ts): the same client on two days counts twice.
 */
export const MINIMUM_CLIENTS = 5;
const TERMS = 50;

/** The marketplace searches that led to the app's page views and installs in `range`, the most installs first. */
export async function searchTermsOf(appId: string, range: DayRange): Promise<SearchTerms> {
  const terms = await queryRows<{ term: string; page_views: string; installs: string }>(
    await getDb(),
    sql`select term, sum(page_views)::text as page_views, sum(installs)::text as installs
        from app_search_terms where app_id = ${appId} and day between ${range.from}::date and ${range.to}::date
        group by term having count(distinct (day, client)) >= ${MINIMUM_CLIENTS}
        order by sum(installs) desc, sum(page_views) desc, term limit ${TERMS}`,
  );
  return {
    ...range,
    minimumClients: MINIMUM_CLIENTS,
    terms: terms.map((row) => ({ term: row.term, pageViews: Number(row.page_views), installs: Number(row.installs) })),
  };
}
