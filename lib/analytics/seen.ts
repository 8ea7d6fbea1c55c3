import { and, eq, inArray } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apps, publisherMembers } from "@/db/schema";
import type { StatSource } from "@/lib/core/enums";

import { dailyClientKey } from "./clients";
import { watchedPageRecord, type PageRecord } from "./page-records";
import { countImpressions, countPageView } from "./recorder";
import { referralOf } from "./referrer";
import { isMachine } from "./visitors";

/** Who looks: the request's User-Agent and address, and the signed-in person, if any. */
export type Viewer = {
  userAgent: string | null;
  clientAddress: string;
  person: { sub: string; isAdmin: boolean } | null;
};

/** Whether `viewer` counts at all: people, not machines, and not the administrators at work. */
const counts = (viewer: Viewer) => !isMachine(viewer.userAgent) && !viewer.person?.isAdmin;

/** The apps among `appIds` whose publisher the person belongs to: their own views are work, not interest. */
async function ownApps(sub: string, appIds: readonly string[]): Promise<Set<string>> {
  if (appIds.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: apps.id })
    .from(apps)
    .innerJoin(publisherMembers, and(eq(publisherMembers.developerId, apps.developerId), eq(publisherMembers.yaptureUserId, sub)))
    .where(inArray(apps.id, [...appIds]));
  return new Set(rows.map(({ id }) => id));
}

/** The apps a list showed `viewer` from `source` (a page, or an API answer, served from a cache or not). */
export async function recordImpressions(appIds: readonly string[], source: StatSource, viewer: Viewer): Promise<void> {
  if (appIds.length > 0) watchedPageRecord()?.impressions.push({ appIds: [...appIds], source });
  if (!counts(viewer) || appIds.length === 0) return;
  const own = viewer.person ? await ownApps(viewer.person.sub, appIds) : new Set<string>();
  countImpressions(
    appIds.filter((id) => !own.has(id)),
    source,
  );
}

/** A view of an app's page: where it came from (its Referer), the campaign's utm_source, the search that led to it. */
export async function recordPageView(
  app: { id: string; developerId: string },
  { viewer, referrer, origin, utmSource }: { viewer: Viewer; referrer: string | null; origin: string; utmSource?: string },
): Promise<void> {
  watchedPageRecord()?.pageViews.push({ app: { id: app.id, developerId: app.developerId }, utmSource });
  if (!counts(viewer)) return;
  if (viewer.person && (await ownApps(viewer.person.sub, [app.id])).size > 0) return;
  const { source, searchTerm } = referralOf(referrer, origin);
  countPageView(app.id, { source, utmSource, searchTerm, client: dailyClientKey(viewer.clientAddress) });
}

/** A page served again from the cache: counted for `viewer` as its render counted it (./page-records.ts). */
export async function recordServedPage(
  record: PageRecord,
  { viewer, referrer, origin }: { viewer: Viewer; referrer: string | null; origin: string },
): Promise<void> {
  await Promise.all([
    ...record.impressions.map(({ appIds, source }) => recordImpressions(appIds, source, viewer)),
    ...record.pageViews.map(({ app, utmSource }) => recordPageView(app, { viewer, referrer, origin, utmSource })),
  ]);
}
