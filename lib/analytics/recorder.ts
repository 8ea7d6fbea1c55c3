import { sql } from "drizzle-orm";

import { getDb } from "@/db/client";
import { repeatUntilAborted, startChore } from "@/lib/core/background-chores";
import type { StatSource } from "@/lib/core/enums";
import { log } from "@/lib/core/log";

// Impressions and page views are counted in this process and added to Postgres in batches: one
// statement per table every FLUSH_INTERVAL_MS (and at shutdown), whatever the traffic, so N
// instances record at full read speed and a page view costs no write of its own. A crash loses at
// most one interval's counts (docs/analytics.md). Installs and uninstalls are not counted here: the
// statement that makes them adds them, exactly.

export const FLUSH_INTERVAL_MS = 10_000;
/** Distinct (app, day, source…) keys held before a flush is forced: ~2 MiB at most (a key and its counts ~150 bytes). */
const MAX_KEYS = 12_000;
/** How many utm sources an app records a day; more are dropped (a stranger controls them). */
const MAX_UTM_PER_APP_DAY = 50;
const UTM_MAX = 64;

type Counts = { impressions: number; pageViews: number };
type TermCounts = { pageViews: number; installs: number };

type Tallies = { stats: Map<string, Counts>; utm: Map<string, { pageViews: number }>; terms: Map<string, TermCounts> };
const fresh = (): Tallies => ({ stats: new Map(), utm: new Map(), terms: new Map() });
// On globalThis: the production server counts the pages it serves from its cache
// (lib/server/page-cache) through its own copy of this module, and one flush must write both's.
const TALLIES = Symbol.for("marketplace.analytics-tallies");
const holder = ((globalThis as { [TALLIES]?: { now: Tallies; flushing: Promise<void> } })[TALLIES] ??= {
  now: fresh(),
  flushing: Promise.resolve(),
});

/** A value a stranger chose, made safe to join into a key. */
const keyPart = (value: string) => value.replace(/\|/g, " ");
/**
 * One array as one statement parameter (drizzle would spread a plain array into a list), sent as
 * text[] and cast in the statement: postgres.js serialises arrays of the types it knows only.
 */
const array = (values: unknown[]) => sql.param(values.map(String));

const today = (now = new Date()) => now.toISOString().slice(0, 10);
const keyCount = () => holder.now.stats.size + holder.now.utm.size + holder.now.terms.size;

function add<T>(map: Map<string, T>, key: string, fresh: () => T, change: (value: T) => void): void {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = fresh()));
  change(value);
  if (keyCount() >= MAX_KEYS) void flushStats();
}

/** Apps shown in a list (a page or an API answer) from `source`. */
export function countImpressions(appIds: readonly string[], source: StatSource, now = new Date()): void {
  const day = today(now);
  for (const appId of appIds) {
    add(
      holder.now.stats,
      `${appId}|${day}|${source}`,
      () => ({ impressions: 0, pageViews: 0 }),
      (counts) => counts.impressions++,
    );
  }
}

/** A view of an app's page, from `source`, with the campaign's utm_source and the search that led to it, if any. */
export function countPageView(
  appId: string,
  { source, utmSource, searchTerm, client }: { source: StatSource; utmSource?: string; searchTerm?: string; client: string },
  now = new Date(),
): void {
  const day = today(now);
  add(
    holder.now.stats,
    `${appId}|${day}|${source}`,
    () => ({ impressions: 0, pageViews: 0 }),
    (counts) => counts.pageViews++,
  );
  const campaign = utmSource ? keyPart(utmSource.trim().toLowerCase().slice(0, UTM_MAX)) : undefined;
  if (campaign)
    add(
      holder.now.utm,
      `${appId}|${day}|${campaign}`,
      () => ({ pageViews: 0 }),
      (counts) => counts.pageViews++,
    );
  if (searchTerm) countSearchTerm(appId, searchTerm, client, "pageViews", now);
}

/** An install (or page view) that a marketplace search led to, by one client (a keyed daily hash). */
export function countSearchTerm(appId: string, term: string, client: string, what: keyof TermCounts, now = new Date()): void {
  const day = today(now);
  add(
    holder.now.terms,
    `${appId}|${day}|${keyPart(term)}|${client}`,
    () => ({ pageViews: 0, installs: 0 }),
    (counts) => counts[what]++,
  );
}

/** Adds what this process counted to Postgres; counts arriving meanwhile wait for the next flush. */
export function flushStats(): Promise<void> {
  holder.flushing = holder.flushing.then(writeCounts).catch((error: unknown) => log.error("analytics flush failed", { error }));
  return holder.flushing;
}

async function writeCounts(): Promise<void> {
  const { stats: batch, utm: campaigns, terms: searches } = holder.now;
  if (batch.size + campaigns.size + searches.size === 0) return;
  holder.now = fresh();
  const db = await getDb();
  const split = <T>(map: Map<string, T>) => [...map].map(([key, value]) => [key.split("|"), value] as const);
  if (batch.size > 0) {
    const rows = split(batch);
    // Apps deleted since they were seen are skipped (the join), never a failed batch.
    await db.execute(sql`insert into app_daily_stats (app_id, day, source, impressions, page_views)
      select u.app_id, u.day, u.source, u.impressions, u.page_views
      from unnest(${array(rows.map(([k]) => k[0]))}::text[]::uuid[], ${array(rows.map(([k]) => k[1]))}::text[]::date[],
                  ${array(rows.map(([k]) => k[2]))}::text[]::stat_source[],
                  ${array(rows.map(([, v]) => v.impressions))}::text[]::bigint[], ${array(rows.map(([, v]) => v.pageViews))}::text[]::bigint[])
        as u(app_id, day, source, impressions, page_views)
      join apps on apps.id = u.app_id
      on conflict (app_id, day, source) do update set impressions = app_daily_stats.impressions + excluded.impressions,
        page_views = app_daily_stats.page_views + excluded.page_views`);
  }
  if (campaigns.size > 0) {
    const rows = split(campaigns);
    // A source the app already has this day always counts; new ones only up to the day's bound
    // (the busiest first; two processes flushing at once may pass it by a few).
    await db.execute(sql`insert into app_daily_utm (app_id, day, utm_source, page_views)
      select u.app_id, u.day, u.utm_source, u.page_views
      from (select *, row_number() over (partition by app_id, day order by page_views desc, utm_source) as rank
            from unnest(${array(rows.map(([k]) => k[0]))}::text[]::uuid[], ${array(rows.map(([k]) => k[1]))}::text[]::date[],
                        ${array(rows.map(([k]) => k[2]))}::text[]::text[], ${array(rows.map(([, v]) => v.pageViews))}::text[]::bigint[])
              as batch(app_id, day, utm_source, page_views)) as u
      join apps on apps.id = u.app_id
      where exists (select 1 from app_daily_utm d where d.app_id = u.app_id and d.day = u.day and d.utm_source = u.utm_source)
         or (select count(*) from app_daily_utm d where d.app_id = u.app_id and d.day = u.day) + u.rank <= ${MAX_UTM_PER_APP_DAY}
      on conflict (app_id, day, utm_source) do update set page_views = app_daily_utm.page_views + excluded.page_views`);
  }
  if (searches.size > 0) {
    const rows = split(searches);
    await db.execute(sql`insert into app_search_terms (app_id, day, term, client, page_views, installs)
      select u.app_id, u.day, u.term, u.client, u.page_views, u.installs
      from unnest(${array(rows.map(([k]) => k[0]))}::text[]::uuid[], ${array(rows.map(([k]) => k[1]))}::text[]::date[],
                  ${array(rows.map(([k]) => k[2]))}::text[]::text[], ${array(rows.map(([k]) => k[3]))}::text[]::text[],
                  ${array(rows.map(([, v]) => v.pageViews))}::text[]::int[], ${array(rows.map(([, v]) => v.installs))}::text[]::int[])
        as u(app_id, day, term, client, page_views, installs)
      join apps on apps.id = u.app_id
      on conflict (app_id, day, term, client) do update set page_views = app_search_terms.page_views + excluded.page_views,
        installs = app_search_terms.installs + excluded.installs`);
  }
}

/** Flushes every FLUSH_INTERVAL_MS in every server process (the counts are the process's own), and once more as it stops. */
export function startStatsFlushing(): void {
  startChore("analytics flush", async (signal) => {
    await repeatUntilAborted({ name: "analytics flush", signal, intervalMs: FLUSH_INTERVAL_MS, work: () => flushStats() });
    await flushStats();
  });
}
