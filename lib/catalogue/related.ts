import { and, eq, ne, sql, type SQL } from "drizzle-orm";

import { getDb, queryRows, type Executor } from "@/db/client";
import { PUBLIC_SORT_ORDERS } from "@/db/public-sorts";
import { apps, installs } from "@/db/schema";
import { estimateBytes, KiB } from "@/lib/core/bounded-cache";
import type { AppCategory } from "@/lib/core/enums";
import { notFound } from "@/lib/core/errors";
import { boundedCache } from "@/lib/core/process-cache";

import { isPublic, publicAppsInOrder, type PublicReader, type Shown } from "./queries";

// "Similar apps" and "More from this developer" (the app page's column under Install, and
// GET /api/apps/:slug/similar). Similar: the apps most often installed together with this one, by the
// workspaces that installed it lately, then the most installed public apps of its category; never
// the app itself. More from the developer: their other public apps, less those "Similar" already
// shows, so a page never lists an app twice (a catalogue of one developer still has both). Both lists
// decide visibility with the catalogue's own `isPublic`, and read their apps again through
// `publicAppsInOrder` (which applies it once more), so a listing that stops being public leaves
// them at once, even from a remembered list.
//
// Bounded whatever the catalogue's size: "installed together" reads the app's latest
// TOGETHER_WORKSPACES live workspace installs (an index range, migration 0084), and at most
// TOGETHER_PER_WORKSPACE other live installs of each (installs_workspace_live_idx): at most 2,000
// index entries. The category's most installed come from its partial index
// (apps_public_category_popular_idx), the developer's apps from theirs (≤ 100 listings). The ids are
// remembered per app for REMEMBER_MS, so a busy app page costs the one statement that reads the
// shown apps (by primary key), as a remembered search does (./search/remembered.ts).

/** At most this many apps in each list (the API's `limit` is bounded by it). */
export const RELATED_LIMIT = 12;
/** How many of the app's latest workspace installs "installed together" looks at. */
const TOGETHER_WORKSPACES = 100;
/** How many other apps of each of those workspaces it counts. */
const TOGETHER_PER_WORKSPACE = 20;
/** How long the ids are remembered: installs and approvals show in the lists within this. */
const REMEMBER_MS = 60_000;

/** What the lists are computed from: the public app, found by its slug (or given by the app page, which has it). */
export type RelatedTo = { id: string; developerId: string; category: AppCategory };

type RelatedIds = { similar: string[]; moreFromDeveloper: string[] };
type Remembered = RelatedIds & { at: number };

/** ~2.7 KiB an app (36 ids and the key): ~95 apps' lists, the busy ones (docs/architecture.md). */
const remembered = () => boundedCache<string, Remembered>({ name: "catalogue-related-apps", maxBytes: 256 * KiB, sizeOf: estimateBytes });
/** Lists being computed right now, one per app: concurrent misses share one. */
const underWay = new Map<string, Promise<RelatedIds>>();

const mostPopular = () => PUBLIC_SORT_ORDERS.popular(apps);

/** The statement of `installedTogether`: public apps most often installed with `app` lately, most shared first. */
export function installedTogetherStatement(app: Pick<RelatedTo, "id">): SQL {
  return sql`select ${apps.id} as id
      from (select other.app_id, count(*) as shared
            from (select ${installs.workspaceId} as workspace_id from ${installs}
                  where ${installs.appId} = ${app.id} and ${installs.workspaceId} is not null and ${installs.removedAt} is null
                  order by ${installs.createdAt} desc
                  limit ${TOGETHER_WORKSPACES}) as recent
            cross join lateral (select i.app_id from ${installs} i
                  where i.workspace_id = recent.workspace_id and i.removed_at is null and i.app_id <> ${app.id}
                  limit ${TOGETHER_PER_WORKSPACE}) as other
            group by other.app_id) as together
      join ${apps} on ${apps.id} = together.app_id
      where ${isPublic}
      order by together.shared desc, ${sql.join(mostPopular(), sql`, `)}
      limit ${RELATED_LIMIT}`;
}

async function installedTogether(db: Executor, app: RelatedTo): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, installedTogetherStatement(app));
  return rows.map((row) => row.id);
}

/** The category's most installed public apps but this one. */
async function popularInCategory(db: Executor, app: RelatedTo): Promise<string[]> {
  const rows = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(isPublic, eq(apps.category, app.category), ne(apps.id, app.id)))
    .orderBy(...mostPopular())
    .limit(RELATED_LIMIT);
  return rows.map((row) => row.id);
}

/** The developer's other public apps, most installed first: enough to fill the list beside a full "Similar". */
async function othersOfDeveloper(db: Executor, app: RelatedTo): Promise<string[]> {
  const rows = await db
    .select({ id: apps.id })
    .from(apps)
    .where(and(isPublic, eq(apps.developerId, app.developerId), ne(apps.id, app.id)))
    .orderBy(...mostPopular())
    .limit(2 * RELATED_LIMIT);
  return rows.map((row) => row.id);
}

async function computeRelated(app: RelatedTo): Promise<RelatedIds> {
  const db = await getDb();
  const [together, popular, moreFromDeveloper] = await Promise.all([
    installedTogether(db, app),
    popularInCategory(db, app),
    othersOfDeveloper(db, app),
  ]);
  const similar = [...new Set([...together, ...popular])].slice(0, RELATED_LIMIT);
  return { similar, moreFromDeveloper };
}

/** The lists' ids, remembered for REMEMBER_MS. */
async function relatedIds(app: RelatedTo): Promise<RelatedIds> {
  const known = remembered().get(app.id);
  if (known && Date.now() - known.at <= REMEMBER_MS) return known;
  let computing = underWay.get(app.id);
  if (!computing) {
    computing = computeRelated(app).finally(() => underWay.delete(app.id));
    underWay.set(app.id, computing);
  }
  const ids = await computing;
  remembered().set(app.id, { ...ids, at: Date.now() });
  return ids;
}

export type RelatedApps<Item> = { similar: Shown<Item>; moreFromDeveloper: Shown<Item> };

/** Both lists of `app`, at most `limit` apps each and none in both, read in one statement. */
export async function listRelatedApps<Item>(
  { app, limit = RELATED_LIMIT }: { app: RelatedTo; limit?: number },
  reader: PublicReader<Item>,
): Promise<RelatedApps<Item>> {
  const ids = await relatedIds(app);
  const similarIds = ids.similar.slice(0, limit);
  const inSimilar = new Set(similarIds);
  const moreIds = ids.moreFromDeveloper.filter((id) => !inSimilar.has(id)).slice(0, limit);
  const db = await getDb();
  const { items, appIds } = await publicAppsInOrder(db, reader, [...similarIds, ...moreIds]);
  const split = (wanted: string[]): Shown<Item> => {
    const set = new Set(wanted);
    const picked = appIds.flatMap((id, index) => (set.has(id) ? [{ id, item: items[index]! }] : []));
    return { items: picked.map((each) => each.item), appIds: picked.map((each) => each.id) };
  };
  return { similar: split(similarIds), moreFromDeveloper: split(moreIds) };
}

/** What the lists of the public app `slug` are computed from; 404 for unknown and non-public apps. */
export async function publicAppRelatedTo(slug: string): Promise<RelatedTo> {
  const db = await getDb();
  const [row] = await db
    .select({ id: apps.id, developerId: apps.developerId, category: apps.category })
    .from(apps)
    .where(and(isPublic, eq(apps.slug, slug)));
  if (!row) throw notFound("app");
  return row;
}
